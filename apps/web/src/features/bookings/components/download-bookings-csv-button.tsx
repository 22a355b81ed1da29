import type { BookingFilters } from '@carcare/contracts/bookings';
import { REPORT_MESSAGES } from '@carcare/contracts/reports-constants';
import { DownloadIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useExportBookings } from '../hooks/use-export-bookings';

/** Saves every booking matching the filters (not just the page shown) as a CSV file. */
export const DownloadBookingsCsvButton = ({ filters }: { filters: BookingFilters }) => {
  const { downloadCsv, isDownloading } = useExportBookings();
  return (
    <Button variant="outline" disabled={isDownloading} onClick={() => void downloadCsv(filters)}>
      <DownloadIcon aria-hidden="true" />
      {REPORT_MESSAGES.downloadCsv}
    </Button>
  );
};

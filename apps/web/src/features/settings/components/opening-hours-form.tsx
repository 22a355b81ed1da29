import type { ShopSettings, WeeklyHours } from '@carcare/contracts/shop-settings';
import { WEEKDAYS, type Weekday } from '@carcare/contracts/shop-settings-constants';
import { LoaderCircleIcon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { hoursProblems } from '@/components/forms/weekly-hours';
import { WeeklyHoursEditor } from '@/components/forms/weekly-hours-editor';
import { Button } from '@/components/ui/button';
import { toastError } from '@/lib/toast-message';
import { useUpdateSettingsMutation } from '../api/settings-api';
import { refusalOf, SETTINGS_SCREEN_TEXT } from '../settings-refusal';

/** The server's messages about the hours (`hours.monday…`), by the day they name. */
const dayErrorsOf = (fields: readonly { path: string; message: string }[]) => {
  const days: Partial<Record<Weekday, string>> = {};
  for (const { path, message } of fields) {
    const day = path.split('.')[1] as Weekday;
    if (path.startsWith('hours.') && WEEKDAYS.includes(day) && !days[day]) days[day] = message;
  }
  return days;
};

/** The shop's weekly hours, saved together as `{ hours }`; free times follow them from the next request. */
export const OpeningHoursForm = ({ settings }: { settings: ShopSettings }) => {
  const [updateSettings, { isLoading }] = useUpdateSettingsMutation();
  const [hours, setHours] = useState<WeeklyHours>(settings.hours);
  const [serverErrors, setServerErrors] = useState<Partial<Record<Weekday, string>>>({});
  const valid = Object.keys(hoursProblems(hours)).length === 0;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    try {
      const response = await updateSettings({ hours }).unwrap();
      setServerErrors({});
      toast.success(response.message);
    } catch (error) {
      const refusal = refusalOf(error, SETTINGS_SCREEN_TEXT.saveFailed);
      setServerErrors(dayErrorsOf(refusal.fields));
      toastError({ title: refusal.message });
    }
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <WeeklyHoursEditor
        id="shop-hours"
        value={hours}
        onChange={(next) => {
          setHours(next);
          setServerErrors({});
        }}
        errors={serverErrors}
      />
      <Button type="submit" disabled={isLoading || !valid} className="w-full sm:w-auto">
        {isLoading ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
        Save opening hours
      </Button>
    </form>
  );
};

import { MEMBERSHIP_STATUSES, type MembershipStatus } from '@carcare/contracts/plans-constants';
import { useSearchParams } from 'react-router';

const isStatus = (value: string | null): value is MembershipStatus =>
  (MEMBERSHIP_STATUSES as readonly (string | null)[]).includes(value);

/** The status the list is filtered by, kept in the address (`?status=`) so a reload or a shared link keeps it. */
export const useStatusInAddress = () => {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status = isStatus(raw) ? raw : undefined;
  const setStatus = (next: MembershipStatus | undefined) =>
    setParams(
      (current) => {
        const changed = new URLSearchParams(current);
        if (next) changed.set('status', next);
        else changed.delete('status');
        return changed;
      },
      { replace: true },
    );
  return [status, setStatus] as const;
};

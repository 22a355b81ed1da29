import type { MembershipStatus } from '@carcare/contracts/plans-constants';
import { FilterSelect } from '@/components/forms/filter-select';
import { STATUS_WORDS } from '@/features/memberships/membership-words';
import { MEMBERS_WORDS, STATUS_FILTER_ORDER } from '../members-words';

const OPTIONS = STATUS_FILTER_ORDER.map((status) => ({ value: status, label: STATUS_WORDS[status] }));

type MemberStatusFilterProps = {
  value: MembershipStatus | undefined;
  onChange: (status: MembershipStatus | undefined) => void;
};

/** Every membership, or those of one status. */
export const MemberStatusFilter = ({ value, onChange }: MemberStatusFilterProps) => (
  <FilterSelect
    label={MEMBERS_WORDS.status}
    anyLabel={MEMBERS_WORDS.allStatuses}
    value={value}
    options={OPTIONS}
    onChange={onChange}
  />
);

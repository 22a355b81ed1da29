import type { Customer } from '@carcare/contracts/front-desk';
import { FRONT_DESK_MESSAGES } from '@carcare/contracts/front-desk-constants';
import { TEXT_LIMITS } from '@carcare/contracts/text-limits';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { TextField } from '@/components/ui/text-field';
import { useSearchCustomersQuery } from '@/features/front-desk/api/customers';
import { UI_MESSAGES } from '@/lib/ui-messages';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { MEMBERS_WORDS } from '../members-words';

const SEARCH_DELAY_MS = 300;

const fullName = (customer: Customer) => `${customer.firstName} ${customer.lastName}`.trim();

/** How to tell two customers of one name apart: their email or phone, and their cars' plates. */
const contactOf = (customer: Customer) =>
  [
    customer.email || customer.phone,
    customer.vehicles.flatMap((vehicle) => (vehicle.plate ? [vehicle.plate] : [])).join(', '),
  ]
    .filter(Boolean)
    .join(' · ');

type MemberCustomerChooserProps = {
  customer: Customer | null;
  onChoose: (customer: Customer | null) => void;
  error?: string;
};

/** The customer the membership is given to: found by name, phone, email or plate, then chosen (or changed). */
export const MemberCustomerChooser = ({ customer, onChoose, error }: MemberCustomerChooserProps) => {
  const id = useId();
  const [term, setTerm] = useState('');
  const searched = useDebouncedValue(term.trim(), SEARCH_DELAY_MS);
  const tooLong = searched.length > TEXT_LIMITS.searchTerm;
  const search = customer || !searched || tooLong ? skipToken : searched;
  const { data: found, isFetching, isError } = useSearchCustomersQuery(search);

  if (customer) {
    return (
      <div className="space-y-2">
        <p className="font-medium text-sm leading-none">{MEMBERS_WORDS.customer}</p>
        <div className="flex flex-wrap items-start justify-between gap-2 rounded-md border p-3 text-sm">
          <div className="min-w-0">
            <div className="break-words font-medium">{fullName(customer)}</div>
            <div className="break-all text-muted-foreground text-xs">{contactOf(customer)}</div>
          </div>
          <Button type="button" size="sm" variant="outline" onClick={() => onChoose(null)}>
            {MEMBERS_WORDS.change}
          </Button>
        </div>
        <FieldError id={`${id}-error`} message={error} />
      </div>
    );
  }

  return (
    <div className="space-y-2">
      <TextField
        id={`${id}-search`}
        label={MEMBERS_WORDS.customerSearch}
        type="search"
        placeholder={MEMBERS_WORDS.customerSearchHint}
        value={term}
        onChange={(event) => setTerm(event.target.value)}
        error={tooLong ? FRONT_DESK_MESSAGES.searchTooLong : error}
      />
      {isFetching ? <p role="status">{UI_MESSAGES.loadingScreen}</p> : null}
      {isError ? <p className="text-destructive text-sm">{MEMBERS_WORDS.searchFailed}</p> : null}
      {!isFetching && searched && found?.length === 0 ? (
        <p className="text-muted-foreground text-sm">{MEMBERS_WORDS.noMatches}</p>
      ) : null}
      {searched && found && found.length > 0 ? (
        <ul aria-label={MEMBERS_WORDS.customersFound} className="max-h-56 space-y-2 overflow-y-auto">
          {found.map((each) => (
            <li
              key={each._id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3 text-sm"
            >
              <div className="min-w-0">
                <div className="break-words font-medium">{fullName(each)}</div>
                <div className="break-all text-muted-foreground text-xs">{contactOf(each)}</div>
              </div>
              <Button
                type="button"
                size="sm"
                variant="outline"
                aria-label={MEMBERS_WORDS.chooseLabel(fullName(each))}
                onClick={() => onChoose(each)}
              >
                {MEMBERS_WORDS.choose}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
};

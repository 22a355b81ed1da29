import type { Customer } from '@carcare/contracts/front-desk';
import { FRONT_DESK_MESSAGES } from '@carcare/contracts/front-desk-constants';
import { TEXT_LIMITS } from '@carcare/contracts/text-limits';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { UI_MESSAGES } from '@/lib/ui-messages';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useSearchCustomersQuery } from '../api/customers';
import { NEW_BOOKING_WORDS } from '../front-desk-words';
import { AddCustomerForm } from './add-customer-form';

const SEARCH_DELAY_MS = 300;

export const customerFullName = (customer: Pick<Customer, 'firstName' | 'lastName'>) =>
  `${customer.firstName} ${customer.lastName}`.trim();

/** The plates of a customer's cars, 'ABC123, XYZ9'; '' when none has one. */
const platesOf = (customer: Customer) =>
  customer.vehicles.flatMap((vehicle) => (vehicle.plate ? [vehicle.plate] : [])).join(', ');

type CustomerFinderProps = { onChoose: (customer: Customer) => void };

/**
 * Finds the customer by name, phone, email or plate (each with their phone, email and plates to tell two Janes
 * apart), or adds one with a name and a phone.
 */
export const CustomerFinder = ({ onChoose }: CustomerFinderProps) => {
  const id = useId();
  const [term, setTerm] = useState('');
  const [adding, setAdding] = useState(false);
  const searched = useDebouncedValue(term.trim(), SEARCH_DELAY_MS);
  const tooLong = searched.length > TEXT_LIMITS.searchTerm;
  const { data: found, isFetching, isError } = useSearchCustomersQuery(searched && !tooLong ? searched : skipToken);

  return (
    <div className="space-y-4">
      <TextField
        id={`${id}-search`}
        label={NEW_BOOKING_WORDS.search}
        type="search"
        placeholder={NEW_BOOKING_WORDS.searchHint}
        value={term}
        onChange={(event) => setTerm(event.target.value)}
        error={tooLong ? FRONT_DESK_MESSAGES.searchTooLong : undefined}
      />
      {isFetching ? <p role="status">{UI_MESSAGES.loadingScreen}</p> : null}
      {isError ? <p className="text-destructive text-sm">{NEW_BOOKING_WORDS.searchFailed}</p> : null}
      {!isFetching && searched && found?.length === 0 ? (
        <p className="text-muted-foreground text-sm">{NEW_BOOKING_WORDS.noMatches}</p>
      ) : null}
      {searched && found && found.length > 0 ? (
        <ul aria-label="Customers found" className="space-y-2">
          {found.map((customer) => {
            const plates = platesOf(customer);
            return (
              <li
                key={customer._id}
                className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3 text-sm"
              >
                <div className="min-w-0">
                  <div className="break-words font-medium">{customerFullName(customer)}</div>
                  <div className="text-muted-foreground text-xs">{customer.phone ?? '-'}</div>
                  {customer.email ? (
                    <div className="break-all text-muted-foreground text-xs">{customer.email}</div>
                  ) : null}
                  {plates ? <div className="break-words text-xs">{plates}</div> : null}
                </div>
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  aria-label={NEW_BOOKING_WORDS.choose(customerFullName(customer))}
                  onClick={() => onChoose(customer)}
                >
                  Choose
                </Button>
              </li>
            );
          })}
        </ul>
      ) : null}
      {adding ? (
        <AddCustomerForm onAdded={onChoose} onCancel={() => setAdding(false)} />
      ) : (
        <Button type="button" variant="outline" onClick={() => setAdding(true)}>
          {NEW_BOOKING_WORDS.addCustomer}
        </Button>
      )}
    </div>
  );
};

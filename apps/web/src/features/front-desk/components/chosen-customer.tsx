import type { Customer } from '@carcare/contracts/front-desk';
import { Button } from '@/components/ui/button';
import { NEW_BOOKING_WORDS } from '../front-desk-words';
import { customerFullName } from './customer-finder';

/** The customer the booking is for, and a way back to the search. */
export const ChosenCustomer = ({ customer, onChange }: { customer: Customer; onChange: () => void }) => (
  <div className="flex flex-wrap items-start justify-between gap-2" data-part="chosen-customer">
    <div className="min-w-0 text-sm">
      <div className="break-words font-medium">{customerFullName(customer)}</div>
      <div className="text-muted-foreground">{customer.phone ?? '-'}</div>
      {customer.email ? <div className="break-all text-muted-foreground">{customer.email}</div> : null}
    </div>
    <Button type="button" size="sm" variant="outline" onClick={onChange}>
      {NEW_BOOKING_WORDS.change}
    </Button>
  </div>
);

import { type Customer, createCustomerSchema } from '@carcare/contracts/front-desk';
import { FRONT_DESK_MESSAGES } from '@carcare/contracts/front-desk-constants';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-error';
import { TextField } from '@/components/ui/text-field';
import { isFetchBaseQueryError, serverMessage } from '@/lib/api/api-error';
import { useCreateCustomerMutation } from '../api/customers';
import { NEW_BOOKING_WORDS } from '../front-desk-words';

type Fields = { firstName: string; lastName: string; phone: string; email: string };
type FieldErrors = Partial<Record<keyof Fields, string>>;

const EMPTY: Fields = { firstName: '', lastName: '', phone: '', email: '' };

type AddCustomerFormProps = { onAdded: (customer: Customer) => void; onCancel: () => void };

/** A customer the shop adds: first and last name and a phone, an email if they give one; no password. */
export const AddCustomerForm = ({ onAdded, onCancel }: AddCustomerFormProps) => {
  const id = useId();
  const [fields, setFields] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [createCustomer, { isLoading }] = useCreateCustomerMutation();

  const field = (name: keyof Fields) => ({
    value: fields[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => setFields({ ...fields, [name]: event.target.value }),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    const parsed = createCustomerSchema.safeParse(fields);
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const name = issue.path[0] as keyof Fields;
        next[name] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      const customer = await createCustomer(parsed.data).unwrap();
      toast.success(FRONT_DESK_MESSAGES.customerCreated, { description: customer.phone ?? undefined });
      onAdded(customer);
    } catch (error) {
      setRefusal((isFetchBaseQueryError(error) ? serverMessage(error) : null) ?? NEW_BOOKING_WORDS.failed);
    }
  };

  return (
    <form
      noValidate
      aria-label={NEW_BOOKING_WORDS.addCustomer}
      onSubmit={(event) => void submit(event)}
      className="space-y-3 rounded-md border p-4"
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField id={`${id}-first`} label={NEW_BOOKING_WORDS.firstName} autoComplete="off" {...field('firstName')} />
        <TextField id={`${id}-last`} label={NEW_BOOKING_WORDS.lastName} autoComplete="off" {...field('lastName')} />
        <TextField
          id={`${id}-phone`}
          label={NEW_BOOKING_WORDS.phone}
          type="tel"
          placeholder="+1 555 123 4567"
          autoComplete="off"
          {...field('phone')}
        />
        <TextField
          id={`${id}-email`}
          label={NEW_BOOKING_WORDS.emailOptional}
          type="email"
          autoComplete="off"
          {...field('email')}
        />
      </div>
      <FieldError id={`${id}-refusal`} message={refusal ?? undefined} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={isLoading}>
          {NEW_BOOKING_WORDS.addCustomerSubmit}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
};

import { bookingFormSchema } from '@carcare/contracts/bookings';
import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircleIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';

export type PersonalInfo = z.output<typeof bookingFormSchema>;

type PersonalInfoFormProps = {
  defaultName: string;
  email: string;
  time: string;
  onSubmit: (values: PersonalInfo) => Promise<void>;
  /** Shown above Pay Now: the terms the customer accepts before paying. */
  children?: ReactNode;
  /** Pay Now stays disabled while this holds (the terms not yet accepted). */
  payBlocked?: boolean;
};

/** Name (checked), read-only email and time, the terms to accept, and Pay Now. */
export const PersonalInfoForm = ({
  defaultName,
  email,
  time,
  onSubmit,
  children,
  payBlocked = false,
}: PersonalInfoFormProps) => {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof bookingFormSchema>, unknown, PersonalInfo>({
    resolver: zodResolver(bookingFormSchema),
    defaultValues: { name: defaultName, email },
  });

  return (
    <section aria-labelledby="personal-info-heading" className="space-y-4 rounded-lg border bg-card p-6">
      <h2 id="personal-info-heading" className="font-semibold text-xl">
        Personal information
      </h2>
      <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-3">
        <TextField
          id="booking-name"
          label="Name"
          autoComplete="name"
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          id="booking-email"
          label="Email"
          type="email"
          readOnly
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField id="booking-time" label="Time" readOnly value={time} />
        {children}
        <Button type="submit" size="lg" className="w-full" disabled={isSubmitting || payBlocked}>
          {isSubmitting ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
          Pay Now
        </Button>
      </form>
    </section>
  );
};

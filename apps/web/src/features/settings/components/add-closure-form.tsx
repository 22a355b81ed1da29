import { type AffectedBooking, type CreateClosureInput, createClosureSchema } from '@carcare/contracts/shop-settings';
import { CLOSURE_MESSAGES } from '@carcare/contracts/shop-settings-constants';
import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircleIcon } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { toastError } from '@/lib/toast-message';
import { useDisplayFormat } from '@/lib/use-display-format';
import { useCreateClosureMutation, useLazyGetAffectedBookingsQuery } from '../api/settings-api';
import { refusalOf, SETTINGS_SCREEN_TEXT } from '../settings-refusal';

type FormValues = z.input<typeof createClosureSchema>;
type Pending = { closure: CreateClosureInput; bookings: AffectedBooking[] };

const FIELDS = ['startDate', 'endDate', 'reason'] as const;
const isField = (path: string): path is (typeof FIELDS)[number] => (FIELDS as readonly string[]).includes(path);

/** The bookings a closure lies over: when, what, and whom to call. */
const AffectedBookings = ({ bookings }: { bookings: readonly AffectedBooking[] }) => {
  const { day } = useDisplayFormat();
  return (
    <ul aria-label="Bookings during this closure" className="divide-y rounded-lg border bg-background text-sm">
      {bookings.map((booking) => (
        <li key={booking._id} className="flex flex-wrap gap-x-3 gap-y-1 p-3">
          <span className="font-medium">
            {day(booking.date)} {booking.startTime}–{booking.endTime}
          </span>
          <span>{booking.service.name}</span>
          <span>{booking.customer.name}</span>
          <span className="break-all text-muted-foreground">{booking.customer.phone ?? booking.customer.email}</span>
        </li>
      ))}
    </ul>
  );
};

/**
 * A new closure: first day, last day and why. Before it is saved the live bookings in it are looked up; if
 * there are any they are listed and the closure is saved only once the owner says so. It cancels none of them.
 */
export const AddClosureForm = () => {
  const [findAffected] = useLazyGetAffectedBookingsQuery();
  const [createClosure] = useCreateClosureMutation();
  const [pending, setPending] = useState<Pending | null>(null);
  const [saving, setSaving] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues, unknown, CreateClosureInput>({
    resolver: zodResolver(createClosureSchema),
    defaultValues: { startDate: '', endDate: '', reason: '' },
  });

  const refuse = (error: unknown) => {
    const refusal = refusalOf(error, SETTINGS_SCREEN_TEXT.closureFailed);
    for (const field of refusal.fields) {
      if (isField(field.path)) setError(field.path, { message: field.message });
    }
    toastError({ title: refusal.message });
  };

  const save = async (closure: CreateClosureInput) => {
    setSaving(true);
    try {
      const response = await createClosure(closure).unwrap();
      toast.success(response.message || CLOSURE_MESSAGES.created);
      setPending(null);
      reset();
    } catch (error) {
      refuse(error);
    } finally {
      setSaving(false);
    }
  };

  const check = async (closure: CreateClosureInput) => {
    setPending(null);
    try {
      const bookings = await findAffected({ startDate: closure.startDate, endDate: closure.endDate }).unwrap();
      if (bookings.length === 0) await save(closure);
      else setPending({ closure, bookings });
    } catch (error) {
      refuse(error);
    }
  };

  const busy = isSubmitting || saving;

  return (
    <div className="space-y-4">
      <form noValidate onSubmit={handleSubmit(check)} aria-label="Add a closure" className="space-y-2">
        <div className="grid gap-x-4 sm:grid-cols-2">
          <TextField
            id="closure-start"
            label="First day"
            type="date"
            error={errors.startDate?.message}
            {...register('startDate')}
          />
          <TextField
            id="closure-end"
            label="Last day"
            type="date"
            error={errors.endDate?.message}
            {...register('endDate')}
          />
        </div>
        <TextField
          id="closure-reason"
          label="Reason"
          placeholder="Christmas"
          error={errors.reason?.message}
          {...register('reason')}
        />
        <Button type="submit" disabled={busy} className="w-full sm:w-auto">
          {busy && !pending ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
          Add closure
        </Button>
      </form>
      {pending ? (
        <section
          aria-labelledby="closure-affected-notice"
          className="space-y-3 rounded-lg border border-amber-500/50 bg-amber-50 p-3 dark:bg-amber-950/30"
        >
          <p id="closure-affected-notice" role="status" className="text-sm">
            {CLOSURE_MESSAGES.affectedNotice(pending.bookings.length)}
          </p>
          <AffectedBookings bookings={pending.bookings} />
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button type="button" disabled={saving} onClick={() => void save(pending.closure)}>
              {saving ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : null}
              Save closure anyway
            </Button>
            <Button type="button" variant="outline" disabled={saving} onClick={() => setPending(null)}>
              Cancel
            </Button>
          </div>
        </section>
      ) : null}
    </div>
  );
};

import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { isFetchBaseQueryError, serverMessage } from '@/lib/api/api-error';
import { useLazyLookupPlateQuery } from '../api/memberships-api';
import { carWords, LOOKUP_WORDS, MEMBERSHIP_WORDS, STATUS_WORDS } from '../membership-words';

/**
 * The counter looks a plate up: at once, whether the car washes under a membership or pack in good standing,
 * whose it is, the plan and what is left; or that it does not (with the plan it has, if it lapsed).
 */
export const PlateLookup = () => {
  const id = useId();
  const [plate, setPlate] = useState('');
  const [lookup, { data: found, isFetching, error }] = useLazyLookupPlateQuery();
  const refusal = error
    ? ((isFetchBaseQueryError(error) && typeof error.status === 'number' ? serverMessage(error) : null) ??
      LOOKUP_WORDS.failed)
    : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (plate.trim() !== '') lookup(plate.trim());
  };

  const membership = found?.membership;
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3 rounded-lg border bg-card p-4">
      <h2 id={`${id}-title`} className="font-semibold">
        {LOOKUP_WORDS.title}
      </h2>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
        <TextField
          id={`${id}-plate`}
          label={LOOKUP_WORDS.plate}
          value={plate}
          maxLength={20}
          autoCapitalize="characters"
          onChange={(event) => setPlate(event.target.value)}
          error={refusal}
          className="min-w-0 flex-1"
        />
        <Button type="submit" variant="outline" disabled={isFetching || plate.trim() === ''}>
          {LOOKUP_WORDS.lookUp}
        </Button>
      </form>
      {found && !isFetching ? (
        <div role="status" className="space-y-1 text-sm">
          {found.member && membership ? (
            <>
              <p className="font-medium text-success">{LOOKUP_WORDS.member(membership.plan.name)}</p>
              <p>
                {membership.customer.firstName} {membership.customer.lastName} ·{' '}
                {membership.vehicles.map(carWords).join(', ')}
              </p>
              <p>
                {MEMBERSHIP_WORDS.washes}:{' '}
                {membership.washesLeft === null || membership.plan.washes === null
                  ? MEMBERSHIP_WORDS.unlimited
                  : MEMBERSHIP_WORDS.washesLeft(
                      membership.washesLeft,
                      membership.plan.washes,
                      membership.plan.kind === 'pack',
                    )}
              </p>
            </>
          ) : (
            <>
              <p className="font-medium text-destructive">{LOOKUP_WORDS.notMember(found.plate)}</p>
              {membership ? (
                <p>{LOOKUP_WORDS.standing(STATUS_WORDS[membership.status], membership.plan.name)}</p>
              ) : null}
            </>
          )}
        </div>
      ) : null}
    </section>
  );
};

import type { Customer } from '@carcare/contracts/front-desk';
import { useId } from 'react';
import { inputClassName } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { AddOnChoice } from '@/features/bookings/components/add-on-choice';
import { JobQuote } from '@/features/bookings/components/job-quote';
import { NEW_BOOKING_WORDS } from '../front-desk-words';
import type { NewBookingJob } from '../hooks/use-new-booking-job';
import { JobVehicleSelect } from './job-vehicle-select';

type JobChoiceProps = {
  customer: Customer | null;
  job: NewBookingJob;
  /** Called after each change: the time chosen for the old job may not fit the new one. */
  onChange: () => void;
};

/** The service, the car or its class, the add-ons, and the price of the whole job. */
export const JobChoice = ({ customer, job, onChange }: JobChoiceProps) => {
  const id = useId();
  return (
    <>
      <div>
        <Label htmlFor={id} className="mb-2 block">
          {NEW_BOOKING_WORDS.service}
        </Label>
        <select
          id={id}
          value={job.service}
          onChange={(event) => {
            job.chooseService(event.target.value);
            onChange();
          }}
          className={inputClassName}
        >
          <option value="">{NEW_BOOKING_WORDS.chooseService}</option>
          {job.services.map((each) => (
            <option key={each._id} value={each._id}>
              {each.name}
            </option>
          ))}
        </select>
      </div>
      {job.classes.length > 0 ? (
        <JobVehicleSelect
          vehicles={customer?.vehicles ?? []}
          classes={job.classes}
          value={job.vehicle}
          onChange={(next) => {
            job.chooseVehicle(next);
            onChange();
          }}
        />
      ) : null}
      {job.service && job.offeredAddOns ? (
        <AddOnChoice
          addOns={job.offeredAddOns}
          vehicleClass={job.classId}
          value={job.addOns}
          onChange={(ids) => {
            job.chooseAddOns(ids);
            onChange();
          }}
        />
      ) : null}
      {job.service && job.query ? (
        // Priced by the car's class: the quote by a vehicle is the signed-in customer's own.
        <JobQuote
          service={job.service}
          job={{ vehicle: '', vehicleClass: job.classId, addOns: job.addOns.join(',') }}
        />
      ) : null}
    </>
  );
};

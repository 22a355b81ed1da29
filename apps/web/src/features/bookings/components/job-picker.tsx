import type { ServiceDetail } from '@carcare/contracts/services';
import { GARAGE_WORDS } from '@carcare/contracts/vehicles-constants';
import { VehiclePicker } from '@/features/garage/components/vehicle-picker';
import { addOnIds } from '../booking-job';
import type { useJobChoice } from '../hooks/use-job-choice';
import { AddOnChoice } from './add-on-choice';
import { JobQuote } from './job-quote';

type JobPickerProps = { service: ServiceDetail; choice: ReturnType<typeof useJobChoice> };

/** "Your vehicle" first, then the add-ons for its class, and the server's price of the whole job. */
export const JobPicker = ({ service, choice }: JobPickerProps) => (
  <section
    aria-labelledby="your-vehicle-heading"
    className="grid min-w-0 gap-6 rounded-lg border bg-card p-4 sm:p-6 md:grid-cols-2"
  >
    <div className="min-w-0 space-y-4">
      <h2 id="your-vehicle-heading" className="font-semibold text-xl">
        {GARAGE_WORDS.yourVehicle}
      </h2>
      {choice.classes.length > 0 ? (
        <VehiclePicker
          classes={choice.classes}
          vehicles={choice.vehicles}
          value={choice.job}
          onChange={(picked) => choice.choose(picked)}
        />
      ) : null}
      <AddOnChoice
        addOns={service.addOns}
        vehicleClass={choice.classId}
        value={addOnIds(choice.job)}
        onChange={(ids) => choice.choose({ addOns: ids.join(',') })}
      />
    </div>
    <div className="min-w-0">
      <JobQuote
        service={service._id}
        job={choice.settled}
        paymentMode={service.paymentMode}
        plain={{ name: service.name, price: service.price, duration: service.duration }}
      />
    </div>
  </section>
);

import { type CreateVehicleInput, createVehicleSchema, type VehicleClass } from '@carcare/contracts/vehicles';
import { GARAGE_WORDS, VEHICLE_MAKE_SUGGESTIONS } from '@carcare/contracts/vehicles-constants';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { FieldError } from '@/components/ui/field-error';
import { inputClassName } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { TextField } from '@/components/ui/text-field';
import {
  errorsFromIssues,
  type VehicleField,
  type VehicleFormErrors,
  type VehicleFormValues,
  vehicleInput,
} from '../vehicle-form-values';

type VehicleFormProps = {
  classes: readonly VehicleClass[];
  initial: VehicleFormValues;
  /** Saves the checked vehicle: resolves to the server's field errors, or null once it was saved. */
  onSubmit: (input: CreateVehicleInput) => Promise<VehicleFormErrors | null>;
  /** The buttons under the fields (a dialog's Cancel and Save), told whether the form is saving. */
  footer: (submitting: boolean) => ReactNode;
};

const optional = (label: string) => `${label} ${GARAGE_WORDS.optional}`;

/**
 * A vehicle's class, make (with suggestions), model, year, colour, plate and its region, and nickname, checked
 * with the contract's schema before it is sent; the server's refusals show under the field they are about.
 */
export const VehicleForm = ({ classes, initial, onSubmit, footer }: VehicleFormProps) => {
  const id = useId();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<VehicleFormErrors>({});
  const [submitting, setSubmitting] = useState(false);

  const field = (name: VehicleField) => ({
    id: `${id}-${name}`,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => setValues({ ...values, [name]: event.target.value }),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // A dialog's form sits in a portal: its submit must not reach a form the page may have around it.
    event.stopPropagation();
    const checked = createVehicleSchema.safeParse(vehicleInput(values));
    if (!checked.success) {
      setErrors(errorsFromIssues(checked.error.issues));
      return;
    }
    setErrors({});
    setSubmitting(true);
    const refused = await onSubmit(checked.data);
    setSubmitting(false);
    if (refused) setErrors(refused);
  };

  const classField = field('vehicleClass');
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-x-4 gap-y-1 sm:grid-cols-2">
      {errors.form ? (
        <p role="alert" className="text-destructive text-sm sm:col-span-2">
          {errors.form}
        </p>
      ) : null}
      <div className="sm:col-span-2">
        <Label htmlFor={classField.id} className="mb-2 block">
          {GARAGE_WORDS.classLabel}
        </Label>
        <select
          id={classField.id}
          value={classField.value}
          onChange={classField.onChange}
          aria-invalid={classField.error ? true : undefined}
          aria-describedby={`${classField.id}-error`}
          className={inputClassName}
        >
          <option value="" disabled>
            {GARAGE_WORDS.classChoose}
          </option>
          {classes.map((each) => (
            <option key={each._id} value={each._id}>
              {each.name}
            </option>
          ))}
        </select>
        <FieldError id={`${classField.id}-error`} message={classField.error} className="mt-1" />
      </div>
      <TextField label={GARAGE_WORDS.makeLabel} list={`${id}-makes`} autoComplete="off" {...field('make')} />
      <datalist id={`${id}-makes`}>
        {VEHICLE_MAKE_SUGGESTIONS.map((make) => (
          <option key={make} value={make} />
        ))}
      </datalist>
      <TextField label={GARAGE_WORDS.modelLabel} autoComplete="off" {...field('model')} />
      <TextField label={optional(GARAGE_WORDS.yearLabel)} inputMode="numeric" {...field('year')} />
      <TextField label={optional(GARAGE_WORDS.colourLabel)} {...field('colour')} />
      <TextField label={optional(GARAGE_WORDS.plateLabel)} autoCapitalize="characters" {...field('plate')} />
      <TextField label={optional(GARAGE_WORDS.plateRegionLabel)} {...field('plateRegion')} />
      <TextField label={optional(GARAGE_WORDS.nicknameLabel)} className="sm:col-span-2" {...field('nickname')} />
      <div className="pt-2 sm:col-span-2">{footer(submitting)}</div>
    </form>
  );
};

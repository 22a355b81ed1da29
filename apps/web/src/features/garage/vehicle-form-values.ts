import type { Vehicle } from '@carcare/contracts/vehicles';
import { VEHICLE_CLASS_MESSAGES, VEHICLE_MESSAGES } from '@carcare/contracts/vehicles-constants';

/** The vehicle form's fields as typed: every one a text, the year too. */
export type VehicleFormValues = {
  vehicleClass: string;
  make: string;
  model: string;
  year: string;
  colour: string;
  plate: string;
  plateRegion: string;
  nickname: string;
};

export type VehicleField = keyof VehicleFormValues;

export type VehicleFormErrors = Partial<Record<VehicleField | 'form', string>>;

export const VEHICLE_FIELDS = [
  'vehicleClass',
  'make',
  'model',
  'year',
  'colour',
  'plate',
  'plateRegion',
  'nickname',
] as const satisfies readonly VehicleField[];

export const emptyVehicleForm = (vehicleClass = ''): VehicleFormValues => ({
  vehicleClass,
  make: '',
  model: '',
  year: '',
  colour: '',
  plate: '',
  plateRegion: '',
  nickname: '',
});

export const vehicleFormValues = (vehicle: Vehicle): VehicleFormValues => ({
  vehicleClass: vehicle.vehicleClass._id,
  make: vehicle.make,
  model: vehicle.model,
  year: vehicle.year === null ? '' : String(vehicle.year),
  colour: vehicle.colour,
  plate: vehicle.plate ?? '',
  plateRegion: vehicle.plateRegion,
  nickname: vehicle.nickname,
});

/** What the contract's schema checks: an empty year is no year, anything else a number (or not one). */
export const vehicleInput = (values: VehicleFormValues) => ({
  ...values,
  year: values.year.trim() === '' ? null : Number(values.year.trim()),
});

const isField = (name: unknown): name is VehicleField => VEHICLE_FIELDS.some((field) => field === name);

/** The field a server refusal is about, so it shows under that field; none: it is about the whole form. */
const FIELD_OF_MESSAGE = new Map<string, VehicleField>([
  [VEHICLE_MESSAGES.classRequired, 'vehicleClass'],
  [VEHICLE_CLASS_MESSAGES.notFound, 'vehicleClass'],
  [VEHICLE_CLASS_MESSAGES.notOffered, 'vehicleClass'],
  [VEHICLE_MESSAGES.makeRequired, 'make'],
  [VEHICLE_MESSAGES.makeTooLong, 'make'],
  [VEHICLE_MESSAGES.modelRequired, 'model'],
  [VEHICLE_MESSAGES.modelTooLong, 'model'],
  [VEHICLE_MESSAGES.yearInvalid, 'year'],
  [VEHICLE_MESSAGES.colourTooLong, 'colour'],
  [VEHICLE_MESSAGES.plateInvalid, 'plate'],
  [VEHICLE_MESSAGES.plateTaken, 'plate'],
  [VEHICLE_MESSAGES.regionTooLong, 'plateRegion'],
  [VEHICLE_MESSAGES.nicknameTooLong, 'nickname'],
]);

/** Field errors from issues with a path (the schema's, or the server's `errors`), first message per field. */
export const errorsFromIssues = (issues: readonly { path: readonly PropertyKey[] | string; message: string }[]) => {
  const errors: VehicleFormErrors = {};
  for (const issue of issues) {
    const first = typeof issue.path === 'string' ? issue.path.split('.')[0] : issue.path[0];
    const field = isField(first) ? first : (FIELD_OF_MESSAGE.get(issue.message) ?? 'form');
    errors[field] ??= issue.message;
  }
  return errors;
};

/** The server's refusal as field errors: its `errors` list when it sent one, else its message placed by meaning. */
export const errorsFromServer = (data: unknown, fallback: string): VehicleFormErrors => {
  if (typeof data === 'object' && data !== null) {
    const listed: unknown = Reflect.get(data, 'errors');
    if (Array.isArray(listed)) {
      const issues = listed.flatMap((each: unknown) =>
        typeof each === 'object' && each !== null && typeof Reflect.get(each, 'message') === 'string'
          ? [{ path: String(Reflect.get(each, 'path') ?? ''), message: String(Reflect.get(each, 'message')) }]
          : [],
      );
      if (issues.length > 0) return errorsFromIssues(issues);
    }
    const message: unknown = Reflect.get(data, 'message');
    if (typeof message === 'string' && message !== '') return errorsFromIssues([{ path: '', message }]);
  }
  return { form: fallback };
};

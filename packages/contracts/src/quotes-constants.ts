/** Constants and messages only: importing them never loads a schema library. */

export const QUOTE_MESSAGES = {
  quoted: 'Quote ready',
  serviceRequired: 'service must be a service id',
  slotInvalid: 'slot must be a slot id',
  vehicleInvalid: 'vehicle must be a vehicle id',
  vehicleClassInvalid: 'vehicleClass must be a vehicle class id',
  vehicleOrClass: 'Send a vehicle or a vehicle class, not both',
  signInForVehicle: 'Sign in to book one of your vehicles',
  /** The job with its add-ons runs past the time the shop closes after this start. */
  runsPastClosing: 'This job would run past closing time at this start: please choose an earlier time',
} as const;

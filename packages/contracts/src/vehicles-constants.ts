/** Constants and messages only: importing them never loads a schema library. */
import { TEXT_LIMITS, tooLongMessage } from './text-limits';

/** The most vehicle classes a shop keeps live: each is a column of every service's price grid. */
export const MAX_VEHICLE_CLASSES = 12;

/** The most live vehicles one customer keeps in their garage. */
export const MAX_GARAGE_VEHICLES = 20;

export const VEHICLE_YEAR_MIN = 1900;
export const VEHICLE_YEAR_MAX = 2100;

/** A normalised plate: upper-case letters and digits, 1 to 10 of them. */
export const PLATE_PATTERN = /^[A-Z0-9]{1,10}$/;

/**
 * A plate as one form, whatever the customer typed: "ab-12 cd" and "AB12CD" are the same plate. Spaces,
 * hyphens, dots and middle dots go; letters are upper-cased. Undefined when what is left is not a plate.
 */
export function normalisePlate(typed: string): string | undefined {
  const plate = typed
    .normalize('NFKC')
    .replace(/[\s\-.·]/g, '')
    .toUpperCase();
  return PLATE_PATTERN.test(plate) ? plate : undefined;
}

/** Makes a garage suggests as a customer types (free text: any other make is accepted). */
export const VEHICLE_MAKE_SUGGESTIONS = [
  'Audi',
  'BMW',
  'Chevrolet',
  'Ford',
  'Honda',
  'Hyundai',
  'Jeep',
  'Kia',
  'Lexus',
  'Mazda',
  'Mercedes-Benz',
  'Nissan',
  'Ram',
  'Subaru',
  'Tesla',
  'Toyota',
  'Volkswagen',
  'Volvo',
] as const;

export const VEHICLE_CLASS_MESSAGES = {
  retrieved: 'Vehicle classes retrieved',
  created: 'Vehicle class created',
  updated: 'Vehicle class updated',
  archived: 'Vehicle class archived',
  notFound: 'Vehicle class not found',
  nameRequired: 'Name is required',
  nameTooLong: tooLongMessage('Name', TEXT_LIMITS.catalogueName),
  descriptionTooLong: tooLongMessage('Description', TEXT_LIMITS.catalogueDescription),
  nameTaken: 'A vehicle class with this name already exists',
  defaultInvalid: 'isDefault must be true or false',
  sortOrderInvalid: 'sortOrder must be a whole number from 1',
  tooMany: `A shop can have at most ${MAX_VEHICLE_CLASSES} vehicle classes`,
  defaultCannotBeUnset: 'Make another class the default instead: one class is always the default',
  defaultCannotBeArchived: 'The default class cannot be archived: make another class the default first',
  inUseByVehicles: (count: number) =>
    `This class cannot be archived: ${count === 1 ? 'a customer vehicle is' : `${count} customer vehicles are`} of this class`,
  nothingToChange: 'Send at least one of name, description, isDefault, sortOrder',
  notOffered: 'This vehicle class is not offered',
} as const;

export const VEHICLE_MESSAGES = {
  retrieved: 'Vehicles retrieved',
  created: 'Vehicle added to your garage',
  updated: 'Vehicle updated',
  archived: 'Vehicle removed from your garage',
  notFound: 'Vehicle not found',
  classRequired: 'vehicleClass must be a vehicle class id',
  makeRequired: 'Make is required',
  modelRequired: 'Model is required',
  makeTooLong: tooLongMessage('Make', TEXT_LIMITS.vehicleText),
  modelTooLong: tooLongMessage('Model', TEXT_LIMITS.vehicleText),
  colourTooLong: tooLongMessage('Colour', TEXT_LIMITS.vehicleText),
  regionTooLong: tooLongMessage('Plate region', TEXT_LIMITS.vehicleText),
  nicknameTooLong: tooLongMessage('Nickname', TEXT_LIMITS.vehicleText),
  yearInvalid: `Year must be a whole number from ${VEHICLE_YEAR_MIN} to ${VEHICLE_YEAR_MAX}`,
  plateInvalid: 'Plate must be 1 to 10 letters and digits (spaces and hyphens are ignored)',
  plateTaken: 'You already have a vehicle with this plate',
  tooMany: `A garage holds at most ${MAX_GARAGE_VEHICLES} vehicles: remove one first`,
  archivedCannotBook: 'This vehicle has been removed from your garage: choose another one',
  nothingToChange: 'Send at least one of vehicleClass, make, model, year, colour, plate, plateRegion, nickname',
} as const;

/** The administrator's Vehicle Classes screen. */
export const VEHICLE_CLASS_SCREEN = {
  title: 'Vehicle Classes',
  description: 'Services are priced and timed per class; customers are offered them in this order, the default first',
  listFailed: 'Something went wrong while fetching the vehicle classes',
  saveFailed: 'Something went wrong while saving the vehicle class',
  empty: 'No vehicle classes yet.',
  defaultBadge: 'Default',
  archivedBadge: 'Archived',
  archiveWarning:
    'It is no longer offered to customers or priced in the services; bookings made with it keep its name.',
} as const;

/** What a vehicle is called on screen: its nickname, or its year, make and model ("2021 Toyota RAV4"). */
export const vehicleName = (vehicle: { nickname: string; year: number | null; make: string; model: string }) =>
  vehicle.nickname.trim() !== ''
    ? vehicle.nickname
    : [vehicle.year === null ? '' : String(vehicle.year), vehicle.make, vehicle.model].filter(Boolean).join(' ');

/** A plate with its region ("ABC123 · CA"); empty when the vehicle has no plate. */
export const plateText = (vehicle: { plate: string | null; plateRegion: string }) =>
  vehicle.plate === null ? '' : [vehicle.plate, vehicle.plateRegion].filter(Boolean).join(' · ');

/** The customer's garage screen, its vehicle form and the service page's vehicle choice. */
export const GARAGE_WORDS = {
  title: 'My Vehicles',
  subtitle: 'The vehicles you book with: each is priced and timed by its class.',
  empty: 'No vehicles yet. Add one and book it in a click.',
  loadFailed: 'Your vehicles could not be loaded, please try again.',
  add: 'Add a vehicle',
  addDescription: 'Its class sets the price and the time of each service.',
  edit: 'Edit vehicle',
  editLabel: (name: string) => `Edit ${name}`,
  save: 'Save vehicle',
  saveFailed: 'The vehicle could not be saved, please try again.',
  removeFailed: 'The vehicle could not be removed, please try again.',
  remove: 'Remove',
  removeLabel: (name: string) => `Remove ${name}`,
  removeTitle: 'Remove this vehicle?',
  removeDescription: (name: string) => `${name} leaves your garage. Bookings already made with it keep it as it was.`,
  classLabel: 'Vehicle class',
  classChoose: 'Choose a class',
  makeLabel: 'Make',
  modelLabel: 'Model',
  yearLabel: 'Year',
  colourLabel: 'Colour',
  plateLabel: 'Plate',
  plateRegionLabel: 'Plate state or region',
  nicknameLabel: 'Nickname',
  optional: '(optional)',
  classTerm: 'Class',
  plateTerm: 'Plate',
  colourTerm: 'Colour',
  yourVehicle: 'Your vehicle',
  vehicleChoice: 'Vehicle or class',
  myVehicles: 'My vehicles',
  classes: 'Vehicle classes',
  /** A class offered without a vehicle: "SUV (any vehicle of the class)". */
  classOption: (name: string) => `${name} (by class)`,
  vehicleOption: (name: string, className: string) => `${name} · ${className}`,
} as const;

/** Constants and messages only: importing them never loads a schema library. */
export const SLOT_STATUSES = ['available', 'booked', 'cancel'] as const;

/** Where a slot came from: the shop's hours, or an administrator's hand on Slot Management. */
export const SLOT_ORIGINS = ['generated', 'manual'] as const;

/** Start and end choices of the slot form: hourly, 01:00 to 23:00. */
export const SLOT_TIME_OPTIONS = Array.from({ length: 23 }, (_, index) => `${String(index + 1).padStart(2, '0')}:00`);

export const SLOT_DATE_DISPLAY_FORMAT = 'MMM dd yyyy';

export const SLOT_MESSAGES = {
  serviceRequired: 'Please select a service for slot',
  dateRequired: 'Please select a date',
  timeRequired: 'Please select End time for slot',
  startAfterEnd: "Start time can't be after the end time",
  dateInvalid: 'Date must be a real day written YYYY-MM-DD',
  timeInvalid: 'Times must be written HH:MM',
  datePast: 'Slots cannot be created for a day in the past',
  serviceUnknown: 'This service does not exist or has been deleted',
  overlap: 'These times overlap slots this service already has on that day',
  created: (count: number) => `Successfully created ${count} ${count === 1 ? 'slot' : 'slots'}`,
  noneEqualTimes: 'Start and end time are the same, so no slot was created',
  noneTooShort: (minutes: number) =>
    `No slot was created: the time range is shorter than one ${minutes}-minute slot of this service`,
  nonePast: 'No slot was created: every time in this range has already passed',
  notFound: 'Slot not found',
  bookedCannotToggle: 'A booked slot cannot be cancelled or made available',
  bookedCount: (count: number) => `${count} booked`,
  toggledAvailable: 'Slot is available again',
  toggledCancel: 'Slot cancelled',
  retrieved: 'Slots retrieved',
  noSlots: 'No slot available',
  notAvailable: 'Not available',
  createFailed: 'something went wrong while making this request',
  toggleFailed: 'Something went wrong while making this request',
  toggleFailedDescription: 'please try agin, or maybe this slot has already booked',
} as const;

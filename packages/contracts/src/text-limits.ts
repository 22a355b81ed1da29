/** Constants and messages only: importing them never loads a schema library. */

/**
 * The longest text each kind of field takes, in characters, the same on every route and form that takes
 * it: every stored and every echoed string is bounded, so no request can make an answer or a cache entry
 * grow without limit.
 */
export const TEXT_LIMITS = {
  /** First and last names of people, and the booking form's name. */
  personName: 100,
  serviceName: 100,
  /** As long as every other `name` field: one limit per field name across the API. */
  bayName: 100,
  address: 300,
  /** The longest address SMTP can carry (RFC 5321). */
  email: 254,
  phone: 30,
  password: 128,
  serviceDescription: 2000,
  reviewComment: 2000,
  searchTerm: 100,
  /** Reset-link and payment-session tokens. */
  token: 200,
  /** An id the client sends along but the server ignores (the booking's customer). */
  ignoredId: 100,
  /** A vehicle class's or an add-on's name. */
  catalogueName: 60,
  /** A vehicle class's or an add-on's description. */
  catalogueDescription: 500,
  /** A vehicle's make, model, colour, plate region and nickname. */
  vehicleText: 40,
  /** A plate as typed, before it is normalised to at most 10 letters and digits. */
  plateInput: 20,
} as const;

/** "{field} must be at most {max} characters", for fields whose own messages say nothing of length. */
export const tooLongMessage = (field: string, max: number) => `${field} must be at most ${max} characters`;

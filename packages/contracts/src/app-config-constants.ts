/** Constants only: importing them never loads a schema library. */

/** The currency prices are in unless the business configures another (`CURRENCY`), and while the web app asks. */
export const DEFAULT_CURRENCY = 'USD';

/** Where the demo shop is and how to reach it, unless the business configures its own (`BUSINESS_…`). */
export const DEFAULT_BUSINESS_CONTACT = {
  address: 'House 12, Road 5, Dhanmondi, Dhaka 1205',
  phone: '+880 1700-000000',
  email: 'hello@carcare.example',
} as const;

/** Constants only: importing them never loads a schema library. */

/** The currency prices are in unless the business configures another (`CURRENCY`), and while the web app asks. */
export const DEFAULT_CURRENCY = 'USD';

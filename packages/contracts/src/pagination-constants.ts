/** Constants and messages only: importing them never loads a schema library. */
export const DEFAULT_PAGE_SIZE = 10;

export const MAX_PAGE_SIZE = 100;

/** Page-size options on admin lists. */
export const ADMIN_PAGE_SIZES = [10, 20, 30] as const;

/** Number of page buttons for a list: the ceiling of totalDoc / limit. */
export const pageCount = (totalDoc: number, limit: number) => Math.ceil(totalDoc / limit);

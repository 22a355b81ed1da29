import { isFetchBaseQueryError, serverMessage } from '@/lib/api/api-error';

/** Copy of the Settings screen that the contracts do not carry. */
export const SETTINGS_SCREEN_TEXT = {
  loadFailed: 'The settings could not be loaded, please try again',
  saveFailed: 'The settings could not be saved, please try again',
  closuresFailed: 'The closures could not be loaded, please try again',
  closureFailed: 'The closure could not be saved, please try again',
  changesFailed: 'The recent changes could not be loaded, please try again',
  noChanges: 'No setting has been changed yet',
  noClosures: 'No closure ahead',
  termsPreviewWaiting: 'Correct the terms above to see what customers read.',
} as const;

export type FieldRefusal = { path: string; message: string };
export type Refusal = { message: string; fields: FieldRefusal[] };

const fieldsOf = (data: unknown): FieldRefusal[] => {
  if (typeof data !== 'object' || data === null || !('errors' in data) || !Array.isArray(data.errors)) return [];
  return data.errors.filter(
    (each): each is FieldRefusal =>
      typeof each === 'object' && each !== null && typeof each.path === 'string' && typeof each.message === 'string',
  );
};

/** Why a save was refused: the server's message and the fields its `errors` name (a 409 names its setting). */
export function refusalOf(error: unknown, fallback: string): Refusal {
  if (!isFetchBaseQueryError(error) || typeof error.status !== 'number') return { message: fallback, fields: [] };
  return { message: serverMessage(error) ?? fallback, fields: fieldsOf(error.data) };
}

import { isFetchBaseQueryError, serverMessage } from '@/lib/api/api-error';

export type FieldRefusal = { path: string; message: string };
/** Why the server refused a save: its message, and the fields its `errors` name. */
export type PlanRefusal = { message: string; fields: FieldRefusal[] };

const fieldsOf = (data: unknown): FieldRefusal[] => {
  if (typeof data !== 'object' || data === null || !('errors' in data) || !Array.isArray(data.errors)) return [];
  return data.errors.filter(
    (each): each is FieldRefusal =>
      typeof each === 'object' && each !== null && typeof each.path === 'string' && typeof each.message === 'string',
  );
};

/** The server's refusal of a plan's save, or `fallback` when it answered none (a network failure). */
export function planRefusal(error: unknown, fallback: string): PlanRefusal {
  if (!isFetchBaseQueryError(error) || typeof error.status !== 'number') return { message: fallback, fields: [] };
  return { message: serverMessage(error) ?? fallback, fields: fieldsOf(error.data) };
}

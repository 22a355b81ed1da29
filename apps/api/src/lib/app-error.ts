export type FieldError = { path: string; message: string };

/** The one error type a service throws; its message is safe to show to the caller. */
export class AppError extends Error {
  override name = 'AppError';

  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldError[],
  ) {
    super(message);
  }
}

/**
 * The few errors services throw; one error handler (app.ts) maps them to responses.
 * `message` is the English text of the specification; `key` lets the web translate it.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly key?: string,
    readonly errors?: Record<string, string[]>,
    readonly params?: Record<string, string | number>,
    /** Extra data the client acts on (e.g. the surfaces without a printer). */
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export const unauthenticated = () => new AppError(401, 'Unauthenticated', 'unauthenticated');
export const forbidden = () => new AppError(403, 'No access', 'no_access');
/** A cm refused a design of a category it does not manage: the object, not the role, is out of reach. */
export const outsideCategories = () => new AppError(403, 'No access', 'outside_categories');
export const notFound = () => new AppError(404, 'Not found', 'not_found');
export const invalid = (errors: Record<string, string[]>) =>
  new AppError(422, 'Validation failed', 'validation_failed', errors);
export const invalidField = (field: string, key: string) => invalid({ [field]: [key] });

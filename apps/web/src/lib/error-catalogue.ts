import { isAxiosError } from 'axios';

export { describeError, errorLines, isRefusedRead, type ApiErrorBody } from './error-text';

/** The server refused the caller (403 'No access'), as opposed to a thing that does not exist. */
export const isRefusal = (err: unknown) => isAxiosError(err) && err.response?.status === 403;


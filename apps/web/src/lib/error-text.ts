import type { TFunction } from 'i18next';

/*
 * What an error says, for a response of either HTTP client: axios's (lib/api-client.ts) or the
 * sign-in page's fetch, which loads no axios (features/auth/sign-in-request.ts). No import of axios
 * here, so the sign-in page can use it.
 */

/** The parts of a failed request the texts are made from: axios's error has them all. */
export interface FailedRequest {
  message?: string;
  code?: string;
  response?: { status: number; data?: ApiErrorBody };
  config?: { method?: string };
}

export interface ApiErrorBody {
  status?: string;
  message?: string;
  message_key?: string;
  message_params?: Record<string, string | number>;
  errors?: string[] | Record<string, string[]>;
}

/** A validation key (`valid_email`) or a plain server text, in the interface language; `params` fill its blanks (the upload quota's limits). */
const errorText = (t: TFunction, key: string, params?: Record<string, string | number>) => t(`validation.${key}`, { defaultValue: key, ...params });

/** The body of an error toast: the errors joined by line breaks, else the message (spec 000 §8). */
export function errorLines(body: ApiErrorBody | undefined, t: TFunction): string {
  const errors = body?.errors;
  const params = body?.message_params;
  if (Array.isArray(errors) && errors.length) return errors.map((e) => errorText(t, e, params)).join('\n');
  if (errors && typeof errors === 'object') {
    const lines = Object.values(errors).flat();
    if (lines.length) return lines.map((e) => errorText(t, e, params)).join('\n');
  }
  if (body?.message) {
    return body.message_key
      ? t(`server.${body.message_key}`, { defaultValue: body.message, ...(body.message_params ?? {}) })
      : body.message;
  }
  return '';
}

/** A refused read: the page shows 'No access' in place of what it would show (issue 12). */
export const isRefusedRead = (error: Pick<FailedRequest, 'response' | 'config'>) =>
  error.response?.status === 403 && (error.config?.method ?? 'get').toLowerCase() === 'get';

/**
 * The error catalogue of spec 000 §8 as one function: what toast an error shows, or null when it
 * stays silent. A refused change ('No access') is shown like any other error, so nothing the user
 * asks for fails without a word; a refused read is left to the page.
 */
export function describeError(
  error: FailedRequest,
  t: TFunction,
): { title: string; description: string } | null {
  if (error.code === 'ECONNABORTED') return { title: t('errors.error'), description: t('errors.timeout') };
  if (!error.response) return { title: t('errors.error'), description: t('errors.network') };
  if (isRefusedRead(error)) return null;
  const body = error.response.data;
  const description =
    errorLines(body, t) || (error.response.status === 422 ? t('errors.validation_failed') : t('errors.unknown'));
  return { title: String(error.response.status || t('errors.unknown_status')), description };
}

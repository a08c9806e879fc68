import axios, { AxiosError, type AxiosRequestConfig } from 'axios';
import { fillPath, type Endpoint } from '@promo/shared';
import i18n from './i18n';
import { clearSession, getBearerToken } from './session';
import { describeError, type ApiErrorBody } from './error-catalogue';
import { encodeForm } from './form-encoding';
import { REFUSAL_PREFERENCE, refusedStatus } from './refusal-in-body';
import { toast } from '@/components/ui/use-toast';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** The caller shows the error itself (or the specification wants the call silent). */
    silent?: boolean;
  }
}

/** Form bodies as the specification sends them: qs keys, and '' for an empty list so it can be cleared. */
export function toFormBody(body: Record<string, unknown>): string {
  const prepared = Object.fromEntries(
    Object.entries(body).map(([k, v]) => [k, Array.isArray(v) && v.length === 0 ? '' : v]),
  );
  return encodeForm(prepared);
}

// Cancelled together on page unload, so no request outlives the page.
let unloadController = new AbortController();
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => {
    unloadController.abort();
    unloadController = new AbortController();
  });
}

export const api = axios.create({
  headers: { Accept: 'application/json' },
  timeout: 60_000,
  paramsSerializer: { serialize: (p) => encodeForm(p) },
});

api.interceptors.request.use((config) => {
  const token = getBearerToken();
  if (token) config.headers.Authorization = token;
  config.headers['Accept-Language'] = i18n.language;
  if (config.method && config.method.toLowerCase() !== 'get') config.headers.Prefer = REFUSAL_PREFERENCE;
  config.signal ??= unloadController.signal;
  return config;
});

// A refusal the server put in a 200 (lib/refusal-in-body.ts) is the refusal it stands for from here on.
api.interceptors.response.use((res) => {
  const status = refusedStatus((name) => res.headers[name]);
  if (status === null) return res;
  throw new AxiosError(`Request failed with status code ${status}`, AxiosError.ERR_BAD_REQUEST, res.config, res.request, { ...res, status, statusText: '' });
});

api.interceptors.response.use(undefined, (error: AxiosError<ApiErrorBody>) => {
  if (axios.isCancel(error)) return Promise.reject(error);
  const message = error.response?.data?.message ?? '';
  if (message.includes('Unauthenticated')) {
    clearSession();
    if (window.location.pathname !== '/login') window.location.assign('/login');
    return Promise.reject(error);
  }
  if (!error.config?.silent) {
    const shown = describeError(error, i18n.t);
    if (shown) toast({ variant: 'destructive', title: shown.title, description: shown.description });
  }
  return Promise.reject(error);
});

export interface ApiResponse<T> {
  status: 'success';
  message: string;
  message_key?: string;
  data: T;
}

type CallInput = {
  params?: Record<string, string | number>;
  body?: Record<string, unknown>;
  query?: Record<string, unknown>;
};

/** Calls one contract of packages/shared on the shared axios instance. */
export async function call<T = unknown>(
  endpoint: Endpoint,
  input: CallInput = {},
  config: AxiosRequestConfig = {},
): Promise<ApiResponse<T>> {
  const res = await api.request<ApiResponse<T>>({
    method: endpoint.method,
    url: fillPath(endpoint.path, input.params),
    params: input.query,
    data: input.body ? toFormBody(input.body) : undefined,
    headers: input.body ? { 'Content-Type': 'application/x-www-form-urlencoded' } : undefined,
    ...config,
  });
  return res.data;
}

/** The server's message in the interface language. */
export function serverMessage(body: { message?: string; message_key?: string; message_params?: object } | undefined) {
  if (!body?.message) return '';
  return body.message_key
    ? i18n.t(`server.${body.message_key}`, { defaultValue: body.message, ...(body.message_params ?? {}) })
    : body.message;
}

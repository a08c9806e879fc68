import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import qs from 'qs';
import type { Endpoint } from '@promo/shared';

/** How the input travels: the web's ways (query string, form, multipart) and the ones it never uses. */
export const TRANSPORTS = ['query', 'form', 'json', 'multipart', 'raw-query', 'raw-form', 'raw-json'] as const;
export type Transport = (typeof TRANSPORTS)[number];

/** What is sent to one endpoint; the endpoint itself is not part of it (fast-check prints this). */
export interface FuzzRequest {
  pathValues: string[];
  input: Record<string, unknown>;
  transport: Transport;
  raw: string;
  rawJson: string;
  fileName: string | null;
}

export function urlOf(endpoint: Endpoint, pathValues: string[]): string {
  let i = 0;
  return endpoint.path.replace(/\{(\w+)\}/g, () => pathValues[i++ % pathValues.length] ?? '1');
}

/** qs pairs of an input, decoded: the fields of a multipart body. */
function pairs(input: Record<string, unknown>): [string, string][] {
  return qs
    .stringify(input)
    .split('&')
    .filter(Boolean)
    .map((p) => {
      const [k, v = ''] = p.split('=').map((s) => {
        try {
          return decodeURIComponent(s);
        } catch {
          return s;
        }
      });
      return [k!, v];
    });
}

function multipart(input: Record<string, unknown>, fileName: string | null) {
  const boundary = `----fuzz${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of pairs(input)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k.replace(/"/g, '%22')}"\r\n\r\n${v}\r\n`));
  }
  if (fileName !== null) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName.replace(/"/g, '%22')}"\r\nContent-Type: image/png\r\n\r\n`),
      Buffer.from('\x89PNG\r\n\x1a\nnot really'),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The request as light-my-request takes it. */
export function injectOptions(endpoint: Endpoint, r: FuzzRequest, auth: string | null): InjectOptions {
  const headers: Record<string, string> = auth ? { authorization: auth } : {};
  const { method } = endpoint;
  const url = urlOf(endpoint, r.pathValues);
  const form = { ...headers, 'content-type': 'application/x-www-form-urlencoded' };
  switch (r.transport) {
    case 'query':
      return { method, url: `${url}?${qs.stringify(r.input)}`, headers };
    case 'raw-query':
      return { method, url: `${url}?${r.raw}`, headers };
    case 'form':
      return { method, url, headers: form, payload: qs.stringify(r.input) };
    case 'raw-form':
      return { method, url, headers: form, payload: r.raw };
    case 'json':
      return { method, url, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(r.input) };
    case 'raw-json':
      return { method, url, headers: { ...headers, 'content-type': 'application/json' }, payload: r.rawJson };
    case 'multipart': {
      const { payload, contentType } = multipart(r.input, r.fileName);
      return { method, url, headers: { ...headers, 'content-type': contentType }, payload };
    }
  }
}

/** What is wrong with an answer to bad input, or null: never a 5xx; a refusal is an error body; a 422 names its fields. */
export function answerProblem(res: LightMyRequestResponse): string | null {
  if (res.statusCode >= 500) return `answered ${res.statusCode}`;
  if (res.statusCode < 400) return null;
  let body: { status?: unknown; message?: unknown; errors?: unknown };
  try {
    body = res.json();
  } catch {
    return `a ${res.statusCode} without a JSON body`;
  }
  if (body.status !== 'error' || typeof body.message !== 'string') return `a ${res.statusCode} without status 'error' and a message`;
  if (res.statusCode === 422) {
    const errors = body.errors as Record<string, unknown> | undefined;
    if (!errors || typeof errors !== 'object' || !Object.keys(errors).length) return 'a 422 without errors per field';
    const bad = Object.entries(errors).find(([, v]) => !Array.isArray(v) || !v.length || v.some((m) => typeof m !== 'string' || !m));
    if (bad) return `a 422 whose field ${bad[0]} has no messages`;
  }
  return null;
}

/** A short, printable account of a request for a failure message. */
export function describeRequest(endpoint: Endpoint, r: FuzzRequest, role: string | null): string {
  const input = r.transport === 'raw-json' ? r.rawJson : r.transport.startsWith('raw') ? r.raw : JSON.stringify(r.input);
  return `${role ?? 'anonymous'} ${endpoint.method} ${urlOf(endpoint, r.pathValues).slice(0, 200)} as ${r.transport}: ${input.slice(0, 400)}${r.fileName === null ? '' : ` file ${JSON.stringify(r.fileName.slice(0, 100))}`}`;
}

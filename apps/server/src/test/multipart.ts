import fs from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './test-app';

/** One part of a multipart body: a text field, or a file with the name a browser gives it. */
export type Part = [name: string, value: string | { filename: string; content: Buffer }];

/** A multipart/form-data body with its parts in the given order, as a FormData client builds it. */
export function formData(parts: Part[]) {
  const boundary = `----promo${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of parts) {
    if (typeof value === 'string') {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    } else {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
        value.content,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const postMultipart = (t: TestApp, url: string, parts: Part[], auth: string): Promise<LightMyRequestResponse> => {
  const { payload, headers } = formData(parts);
  return t.app.inject({ method: 'POST', url, payload, headers: { ...headers, authorization: auth } });
};

/** Every stored file under a storage folder (a test app's own storage), to see that nothing was left. */
export function filesOnDisk(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return fs.readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((p) => fs.statSync(path.join(root, p)).isFile());
}

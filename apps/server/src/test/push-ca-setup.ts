import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The stand-in push service's certificate and key (push-service.ts). */
    pushTls: { cert: string; key: string };
  }
}

/**
 * A certificate for the stand-in push service on 127.0.0.1, trusted through NODE_EXTRA_CA_CERTS:
 * Node reads that variable only when a process starts, so it is set here, before the test
 * workers are started, and the app's real TLS checks stay on.
 */
export default function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'promo-push-ca-'));
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', key, '-out', cert],
    { stdio: 'ignore' },
  );
  const extra = process.env.NODE_EXTRA_CA_CERTS;
  const bundle = path.join(dir, 'ca-bundle.pem');
  fs.writeFileSync(bundle, (extra && fs.existsSync(extra) ? `${fs.readFileSync(extra, 'utf8')}\n` : '') + fs.readFileSync(cert, 'utf8'));
  process.env.NODE_EXTRA_CA_CERTS = bundle;
  project.provide('pushTls', { cert: fs.readFileSync(cert, 'utf8'), key: fs.readFileSync(key, 'utf8') });
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

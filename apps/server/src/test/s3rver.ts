import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
import { s3ClientFor, s3Storage } from '../lib/storage-s3';
import type { Storage } from '../lib/storage';

const BUCKET = 'promo-test';

export interface S3Peer {
  url: string;
  bucket: string;
  /** The S3_* environment of a server process on this bucket. */
  env: Record<string, string>;
  /** A client as the app builds it, plus the names of the commands it sent (UploadPartCommand, ...). */
  client(): { client: S3Client; sent: string[] };
  storage(opts?: { prefix?: string; listPageSize?: number; client?: S3Client }): Storage;
  /** Multipart uploads begun and neither completed nor aborted. */
  pendingUploads(): string[];
  /** Makes an object look last written `ms` ago (s3rver's LastModified is its file's mtime). */
  age(objectKey: string, ms: number): Promise<void>;
  stop(): Promise<void>;
}

/** A real S3-compatible server (s3rver in a child process) with one empty bucket, on a temporary folder. */
export async function startS3Peer(): Promise<S3Peer> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'promo-s3rver-'));
  const child: ChildProcess = fork(path.join(import.meta.dirname, 's3rver-main.ts'), [directory, BUCKET], {
    execArgv: ['--openssl-legacy-provider', '--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m) => resolve((m as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`s3rver exited with ${code}`)));
    child.once('error', reject);
  });
  const url = `http://127.0.0.1:${port}`;
  // s3rver's own credentials.
  const env = { S3_URL: url, S3_BUCKET: BUCKET, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' };
  const uploadsDir = path.join(directory, BUCKET, '._S3rver_uploads');
  const client = () => {
    const c = s3ClientFor(env);
    const sent: string[] = [];
    c.middlewareStack.add(
      (next, context) => async (args) => {
        sent.push(context.commandName ?? '?');
        return next(args);
      },
      { step: 'initialize', name: 'recordCommands' },
    );
    return { client: c, sent };
  };
  return {
    url,
    bucket: BUCKET,
    env,
    client,
    storage: (opts = {}) => s3Storage({ client: opts.client ?? client().client, bucket: BUCKET, prefix: opts.prefix, listPageSize: opts.listPageSize }),
    pendingUploads: () => (fs.existsSync(uploadsDir) ? fs.readdirSync(uploadsDir) : []),
    age: async (objectKey, ms) => {
      const parts = objectKey.split('/');
      const file = path.join(directory, BUCKET, ...parts.slice(0, -1), `${parts.at(-1)}._S3rver_object`);
      const then = new Date(Date.now() - ms);
      await fs.promises.utimes(file, then, then);
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill();
        await exited;
      }
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

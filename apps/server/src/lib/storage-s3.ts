import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Config } from '../config';
import { PRIVATE_FILE } from './private-files';
import { newStorageKey, type Storage } from './storage-port';

/**
 * A write goes up in parts of this size, at most QUEUE_SIZE at a time: an upload holds a few parts
 * in memory (15–37 MB measured) whatever the file's size. 5 MiB is S3's smallest part; its 10,000
 * parts allow 48 GiB, far above the 1 GB upload limit.
 */
export const PART_SIZE = 5 * 1024 * 1024;
const QUEUE_SIZE = 2;

/** The S3_* settings of config.ts, with the endpoint and bucket set. */
export type S3Settings = Partial<Pick<Config, 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_PREFIX'>> & { S3_URL: string; S3_BUCKET: string };

export function s3ClientFor(config: Omit<S3Settings, 'S3_BUCKET' | 'S3_PREFIX'>): S3Client {
  // The SDK is pinned to a release that runs on Node 20 (apps/server/package.json); its warning that
  // later releases will not would only fill every process's log.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = config;
  return new S3Client({
    endpoint: config.S3_URL,
    region: config.S3_REGION || 'us-east-1',
    // MinIO and most S3-compatible servers have no bucket subdomains.
    forcePathStyle: true,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    // The SDK's default CRC checksums (aws-chunked bodies) are refused by many S3-compatible servers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: {
      connectionTimeout: 5_000,
      // A download holds its connection until the browser has read it all: the SDK's 50 would
      // make the 51st slow download, and the readiness probe, wait in line.
      httpAgent: { maxSockets: 256 },
      httpsAgent: { maxSockets: 256 },
    },
  });
}

export function s3StorageFor(config: S3Settings): Storage {
  return s3Storage({ client: s3ClientFor(config), bucket: config.S3_BUCKET, prefix: config.S3_PREFIX });
}

const isNotFound = (err: unknown) =>
  (err as { name?: string }).name === 'NotFound' || (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

/** Keys under `prefix` (a folder of the bucket) of `bucket`. `listPageSize` is for tests of the paging. */
export function s3Storage(opts: { client: S3Client; bucket: string; prefix?: string; listPageSize?: number }): Storage {
  const { client, bucket } = opts;
  const folder = (opts.prefix ?? '').replace(/^\/+|\/+$/g, '');
  const prefix = folder ? `${folder}/` : '';
  const objectKey = (key: string) => {
    // As the disk refuses keys outside its folder: no empty, `.` or `..` parts that a server might resolve.
    if (key.split('/').some((part) => part === '' || part === '.' || part === '..')) throw new Error(`storage key outside the root: ${key}`);
    return prefix + key;
  };
  const remove = async (key: string) => {
    await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
  };
  const read = async (key: string): Promise<Readable> => {
    const { Body } = await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    if (!(Body instanceof Readable)) throw new Error(`no stream for ${key}`);
    return Body;
  };

  return {
    newKey: newStorageKey,
    async write(key, source, through = []) {
      // Upload aborts the multipart upload itself when it or its body fails, so no object appears.
      // When it fails on its own (not because the body did) it stops reading and destroys the
      // body, which ends the pipeline; that is told apart here, so that the store's error is the one
      // thrown, and the source's error stays an abort rather than one that looks like a cut-off body.
      let storeGaveUp = false;
      const body = new PassThrough({
        destroy(err, done) {
          if (err && ![source, ...through].some((s) => s.errored)) storeGaveUp = true;
          done(err);
        },
      });
      const upload = new Upload({ client, params: { Bucket: bucket, Key: objectKey(key), Body: body }, partSize: PART_SIZE, queueSize: QUEUE_SIZE });
      const [piped, sent] = await Promise.allSettled([pipeline([source, ...through, body]), upload.done()]);
      if (piped.status === 'fulfilled' && sent.status === 'fulfilled') return;
      // In case the completion reached the server but its answer did not reach us.
      await remove(key).catch(() => {});
      // Whichever failed first: the caller tells a refused file from a broken store by it.
      throw storeGaveUp || piped.status === 'fulfilled' ? (sent as PromiseRejectedResult).reason : piped.reason;
    },
    read,
    remove,
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        return true;
      } catch (err) {
        if (isNotFound(err)) return false;
        throw err;
      }
    },
    async withLocalFile(key, fn) {
      const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'promo-s3-'));
      try {
        const file = path.join(dir, 'object');
        await pipeline(await read(key), fs.createWriteStream(file, { flags: 'wx', mode: PRIVATE_FILE }));
        return await fn(file);
      } finally {
        await fs.promises.rm(dir, { recursive: true, force: true });
      }
    },
    async *list() {
      const pages = paginateListObjectsV2({ client, pageSize: opts.listPageSize }, { Bucket: bucket, Prefix: prefix || undefined });
      for await (const page of pages) {
        for (const object of page.Contents ?? []) {
          if (object.Key && object.LastModified) yield { key: object.Key.slice(prefix.length), modifiedAt: object.LastModified };
        }
      }
    },
    async answers(signal) {
      await client.send(new HeadBucketCommand({ Bucket: bucket }), { abortSignal: signal });
      return true;
    },
  };
}

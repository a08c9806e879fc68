// The S3 peer of the tests (s3rver 3.7, a fake S3 server from 2020), run as a child process of
// test/s3rver.ts so that its memory and event loop are not the test's. Serves one bucket on a free
// port of 127.0.0.1 and sends the port to the parent. Two gaps of s3rver are filled here, in the
// peer only: its continuation tokens use DES (the parent starts this process with
// --openssl-legacy-provider, which Node 20's OpenSSL 3 needs for DES), and it has no
// AbortMultipartUpload (DELETE ?uploadId), added below as S3 does it: the parts go.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string>;
  status: number;
  body: unknown;
}
interface S3rverServer {
  middleware: ((ctx: KoaContext, next: () => Promise<void>) => Promise<void>)[];
  run(): Promise<{ port: number }>;
}

const S3rver = createRequire(import.meta.url)('s3rver') as new (options: object) => S3rverServer;
const [directory, bucket] = process.argv.slice(2) as [string, string];

const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: [{ name: bucket }] });
server.middleware.unshift(async (ctx, next) => {
  if (ctx.method !== 'DELETE' || !ctx.query.uploadId) return next();
  const bucketName = decodeURIComponent(ctx.path.split('/')[1] ?? '');
  await fs.promises.rm(path.join(directory, bucketName, '._S3rver_uploads', path.basename(ctx.query.uploadId)), { recursive: true, force: true });
  ctx.status = 204;
  ctx.body = null;
});
const { port } = await server.run();
process.send!({ port });
// The parent went (a test run killed): so does the peer.
process.on('disconnect', () => process.exit(0));

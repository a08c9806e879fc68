import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';

/** Below this an answer goes as it is: the headers and the CPU cost about what compression saves. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * The API's own answers (JSON) compressed when the client accepts it: brotli at a quality cheap
 * enough per request, else gzip. A call whose contract answers a stored file (`answer: 'file'`)
 * is left alone by route(): the file keeps its Content-Length, and a designer's 1 GB PSD is not
 * squeezed on the fly.
 */
export async function compressAnswers(api: FastifyInstance) {
  await api.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT } },
    zlibOptions: { level: 6 },
  });
}

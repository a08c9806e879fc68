import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text the browser fetches; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Below this the headers cost about what compression saves. */
const MIN_BYTES = 1024;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

/**
 * Writes `file.br` (brotli, best quality) and `file.gz` (gzip -9) beside every compressible file
 * of the build, once, so the server sends them as they are instead of compressing each request.
 * A variant that is not smaller than the file is not written.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'promo-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const jobs: Promise<void>[] = [];
      for await (const file of filesUnder(outDir)) {
        jobs.push(
          (async () => {
            const source = await fs.readFile(file);
            if (source.length < MIN_BYTES) return;
            const [br, gz] = await Promise.all([
              brotli(source, {
                params: {
                  [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                  [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
                  [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
                },
              }),
              gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION }),
            ]);
            if (br.length < source.length) await fs.writeFile(`${file}.br`, br);
            if (gz.length < source.length) await fs.writeFile(`${file}.gz`, gz);
          })(),
        );
      }
      await Promise.all(jobs);
    },
  };
}

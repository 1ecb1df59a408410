import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
/** Below this, the headers cost more than compression saves. */
const MIN_BYTES = 1024;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (COMPRESSIBLE.test(entry.name)) yield path;
  }
}

/** Writes `<file>.br` (Brotli, quality 11) and `<file>.gz` (gzip -9) beside every compressible file of `dir`. */
export async function precompressDir(dir: string): Promise<{ files: number; bytes: number; brotliBytes: number }> {
  const jobs: Promise<void>[] = [];
  const totals = { files: 0, bytes: 0, brotliBytes: 0 };
  for await (const path of files(dir)) {
    if ((await stat(path)).size < MIN_BYTES) continue;
    jobs.push(
      (async () => {
        const source = await readFile(path);
        const [br, gzipped] = await Promise.all([
          brotli(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length } }),
          gz(source, { level: 9 }),
        ]);
        await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gzipped)]);
        totals.files += 1;
        totals.bytes += source.length;
        totals.brotliBytes += br.length;
      })(),
    );
  }
  await Promise.all(jobs);
  return totals;
}

/**
 * The build's text files compressed once, at build time: the server sends `.br` or `.gz` as the browser
 * accepts (@fastify/static `preCompressed`). Served raw, /login's 194 KiB of gzipped JS crossed the wire
 * as 575 KiB, 3 s of a slow 4G phone's first visit. Runs last, after the public survey page's build and
 * the service workers are written, so they are compressed too.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'xiaowu:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        await precompressDir(outDir);
      },
    },
  };
}

import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * File bytes on disk: `${dataDir}/files/<tenant>/<yyyy>/<mm>/<id>` (DESIGN §3). Uploads land in
 * `${dataDir}/files/.tmp/` first and are renamed into place only once their row is inserted.
 */
export class FileStorage {
  readonly root: string;

  constructor(dataDir: string) {
    this.root = path.join(dataDir, 'files');
  }

  relativePathFor(tenantId: string, id: string, now = new Date()): string {
    const yyyy = String(now.getUTCFullYear());
    const mm = String(now.getUTCMonth() + 1).padStart(2, '0');
    return path.posix.join(tenantId, yyyy, mm, id);
  }

  absolute(relativePath: string): string {
    const full = path.resolve(this.root, relativePath);
    if (!full.startsWith(this.root + path.sep)) throw new Error(`file path outside the store: ${relativePath}`);
    return full;
  }

  /**
   * Streams `source` into a temp file, counting and hashing. Stops at `limitBytes` + 1 (the caller
   * reports the file as too large); `truncated` then is true.
   */
  async receive(source: Readable, limitBytes: number): Promise<{ tempPath: string; size: number; sha256: string; truncated: boolean }> {
    const tempDir = path.join(this.root, '.tmp');
    await fs.mkdir(tempDir, { recursive: true });
    const tempPath = path.join(tempDir, `${randomUUID()}.part`);
    const hash = createHash('sha256');
    let size = 0;
    let truncated = false;
    async function* counted(input: AsyncIterable<Buffer>) {
      for await (const chunk of input) {
        size += chunk.length;
        if (size > limitBytes) {
          truncated = true;
          break;
        }
        hash.update(chunk);
        yield chunk;
      }
    }
    try {
      await pipeline(source, counted, createWriteStream(tempPath, { mode: 0o600 }));
    } catch (error) {
      await this.discard(tempPath);
      throw error;
    }
    if ((source as Readable & { truncated?: boolean }).truncated) truncated = true;
    if (truncated) source.resume();
    return { tempPath, size, sha256: hash.digest('hex'), truncated };
  }

  /** Moves a received temp file to its final place. */
  async place(tempPath: string, relativePath: string): Promise<void> {
    const target = this.absolute(relativePath);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.rename(tempPath, target);
  }

  async discard(anyPath: string): Promise<void> {
    if (anyPath) await fs.rm(anyPath, { force: true });
  }

  /** Removes temp files older than `maxAgeMs` (left by a crash mid-upload). */
  async sweepTemp(maxAgeMs: number): Promise<number> {
    const tempDir = path.join(this.root, '.tmp');
    let removed = 0;
    let entries: string[];
    try {
      entries = await fs.readdir(tempDir);
    } catch {
      return 0;
    }
    for (const entry of entries) {
      const full = path.join(tempDir, entry);
      try {
        if (Date.now() - (await fs.stat(full)).mtimeMs > maxAgeMs) {
          await fs.rm(full, { force: true });
          removed++;
        }
      } catch {
        // gone already
      }
    }
    return removed;
  }

  open(relativePath: string) {
    return fs.open(this.absolute(relativePath), 'r');
  }
}

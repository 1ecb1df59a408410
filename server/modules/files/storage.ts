import { createHash, randomUUID } from 'node:crypto';
import { constants as fsConstants, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** What an upload stream left in the staging area: counted, hashed, cut at the limit. */
export interface StagedBytes {
  tempPath: string;
  size: number;
  sha256: string;
  truncated: boolean;
}

/**
 * Where file bytes live, by key (`files.path`: `<tenant>/<yyyy>/<mm>/<id>`). Every reader and writer
 * of file bytes goes through this, so an S3-compatible store can replace the local folder: uploads
 * are staged on the instance's own disk (`stage`, counted and hashed while they arrive), then `put`
 * under their key once their row is inserted. The staging area is per instance; the keys are what
 * several instances must share.
 */
export interface FileStorage {
  keyFor(tenantId: string, id: string, now?: Date): string;
  /** streams an upload into the staging area; stops at `limitBytes` + 1 (`truncated`) */
  stage(source: Readable, limitBytes: number): Promise<StagedBytes>;
  /** moves a staged upload under its key */
  put(tempPath: string, key: string): Promise<void>;
  /** the bytes as a stream; null when the key holds nothing */
  get(key: string): Promise<Readable | null>;
  /** the whole bytes (small files: the seal printed on proofs); null when the key holds nothing */
  read(key: string): Promise<Buffer | null>;
  exists(key: string): Promise<boolean>;
  /** removes the bytes of a key (nothing there is fine) */
  delete(key: string): Promise<void>;
  /** removes a staged upload that will not be put */
  discardStaged(tempPath: string): Promise<void>;
  /** removes staged uploads older than `maxAgeMs` (left by a crash mid-upload); how many */
  sweepStaged(maxAgeMs: number): Promise<number>;
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * The local folder: `${dataDir}/files/<tenant>/<yyyy>/<mm>/<id>` (DESIGN §3). Uploads land in
 * `${dataDir}/files/.tmp/` first and are renamed into place only once their row is inserted.
 */
export class LocalFileStorage implements FileStorage {
  readonly root: string;
  /** the backups' file archive (backups/backup-settings.ts fileArchiveDir); undefined: none */
  private readonly archiveRoot: string | undefined;

  constructor(dataDir: string, options: { archiveDir?: string } = {}) {
    this.root = path.join(dataDir, 'files');
    this.archiveRoot = options.archiveDir;
  }

  keyFor(tenantId: string, id: string, now = new Date()): string {
    const yyyy = String(now.getUTCFullYear());
    const mm = String(now.getUTCMonth() + 1).padStart(2, '0');
    return path.posix.join(tenantId, yyyy, mm, id);
  }

  /** the local path of a key (this store only; tests look at the disk through it) */
  absolute(relativePath: string): string {
    const full = path.resolve(this.root, relativePath);
    if (!full.startsWith(this.root + path.sep)) throw new Error(`file path outside the store: ${relativePath}`);
    return full;
  }

  /**
   * Streams `source` into a temp file, counting and hashing. Stops at `limitBytes` + 1 (the caller
   * reports the file as too large); `truncated` then is true.
   */
  async stage(source: Readable, limitBytes: number): Promise<StagedBytes> {
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
      await this.discardStaged(tempPath);
      throw error;
    }
    if ((source as Readable & { truncated?: boolean }).truncated) truncated = true;
    if (truncated) source.resume();
    return { tempPath, size, sha256: hash.digest('hex'), truncated };
  }

  async put(tempPath: string, relativePath: string): Promise<void> {
    const target = this.absolute(relativePath);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.rename(tempPath, target);
    if (this.archiveRoot) await this.archive(target, relativePath);
  }

  /**
   * Copies a placed file into the backups' file archive before its row commits (put runs inside the
   * transaction), so a restore to any moment finds the file of every row committed by then. A failed
   * copy fails the upload: a row whose file no backup holds is what the archive exists to prevent.
   * Never removed by the row's removal (only by backup retention).
   */
  private async archive(placed: string, relativePath: string): Promise<void> {
    const copy = path.resolve(this.archiveRoot!, relativePath);
    await fs.mkdir(path.dirname(copy), { recursive: true, mode: 0o700 });
    await fs.copyFile(placed, `${copy}.part`, fsConstants.COPYFILE_FICLONE);
    await fs.rename(`${copy}.part`, copy);
  }

  async discardStaged(tempPath: string): Promise<void> {
    if (tempPath) await fs.rm(tempPath, { force: true });
  }

  async delete(relativePath: string): Promise<void> {
    await fs.rm(this.absolute(relativePath), { force: true });
  }

  async exists(relativePath: string): Promise<boolean> {
    try {
      return (await fs.stat(this.absolute(relativePath))).isFile();
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async get(relativePath: string): Promise<Readable | null> {
    try {
      const handle = await fs.open(this.absolute(relativePath), 'r');
      return handle.createReadStream();
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async read(relativePath: string): Promise<Buffer | null> {
    try {
      return await fs.readFile(this.absolute(relativePath));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async sweepStaged(maxAgeMs: number): Promise<number> {
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
}

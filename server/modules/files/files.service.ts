import type { FastifyReply, FastifyRequest } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import { ResponseCode } from '../../../contracts/envelope';
import {
  checkUploadCandidate,
  extensionOf,
  FILES_ADMIN_PERMISSION,
  type FileCategory,
  type FileRecord,
  INLINE_PREVIEW_MIMES,
  UPLOAD_CATEGORY_PERMISSIONS,
  UPLOAD_KB_WITHOUT_CATEGORY,
  UPLOAD_MAX_FILES,
  UPLOAD_PROFILES,
  type UploadData,
  uploadFields,
} from '../../../contracts/files';
import type { AppConfig } from '../../config';
import type { Database, Tx } from '../../db/client';
import type { MessageKey } from '../../i18n/messages';
import { AppError } from '../../plugins/envelope';
import { parseInput } from '../../plugins/validation';
import { readSessionToken } from '../../plugins/session';
import type { AuthService } from '../auth/auth.service';
import type { Session } from '../auth/session.types';
import type { PermissionsService } from '../permissions/permissions.service';
import { type FileRow, filesRepository } from './files.repository';
import { sniffMatching } from './sniff';
import { fileArchiveDir } from '../backups/backup-settings';
import { type FileStorage, LocalFileStorage } from './storage';
import { isUuid } from '../../../contracts/ids';

/** Files of this category are served without a session (the login page shows the school logo). */
export const PUBLIC_FILE_CATEGORY: FileCategory = 'logo';

/**
 * The records that own files (files.owner_kind, migration 0024 lists the same). A download passes
 * only where the owning record may be read: each kind's module registers its check (registerOwnerKind)
 * when the services are built, so this module asks without reaching into theirs.
 */
export const FILE_OWNER_KINDS = ['application', 'surveyAnswer', 'apkVersion', 'schoolLogo', 'schoolSeal', 'studentPhoto'] as const;
export type FileOwnerKind = (typeof FILE_OWNER_KINDS)[number];

/** Whether the caller (null: no session) may read the record `recordId` of its kind, hence its files. */
export type FileReadCheck = (tx: Tx, session: Session | null, recordId: string) => Promise<boolean>;

/** Who asks for the bytes: a session's user, nobody logged in, or a route that already decided (the public APK download). */
export type FileReader = { session: Session } | { session: null } | 'authorised';

/** Most `file` parts one upload may carry (SPEC §5: a notice holds up to 9 pictures). */
export const MAX_FILES_PER_UPLOAD = 9;

interface Received {
  name: string;
  tempPath: string;
  size: number;
  sha256: string;
  truncated: boolean;
}

/** Checked uploads in temp files, not stored yet. `discard` removes whatever temp files remain. */
export interface UploadBatch {
  category: FileCategory;
  files: Array<Received & { mime: string }>;
  /** the form's other text fields (e.g. the public survey upload's questionnaireId and answerId) */
  fields: Record<string, string>;
  discard(): Promise<void>;
}

/** Keeps the last path segment, drops control characters, at most 200 characters. */
export function cleanFileName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (cleaned || 'file').slice(-200);
}

const toRecord = (row: FileRow): FileRecord => ({
  resId: row.id,
  resName: row.name,
  resSuffix: row.suffix,
  size: row.size,
  mime: row.mime,
  createTime: row.createdAt.toISOString(),
});

/** RFC 6266 / 5987: an ASCII fallback name plus the real name as UTF-8. */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * A route's own upload profile (the public survey picture): fixed whatever the form's `category`
 * says, its size limit applied while the bytes arrive, at most `maxFiles` (`tooMany` past it).
 */
export interface FixedProfile {
  category: FileCategory;
  maxFiles: number;
  tooMany: MessageKey;
}

export class FilesService {
  readonly storage: FileStorage;
  private readonly readChecks = new Map<FileOwnerKind, FileReadCheck>([
    // the logo shows on the login page
    ['schoolLogo', async () => true],
  ]);

  constructor(
    private readonly db: Database,
    private readonly config: AppConfig,
    private readonly permissions: PermissionsService,
  ) {
    this.storage = new LocalFileStorage(config.dataDir, { archiveDir: fileArchiveDir(config.backup) });
    // Temp files of uploads a crash interrupted; a day old cannot be in progress any more.
    void this.storage.sweepStaged(24 * 60 * 60 * 1000).catch(() => undefined);
  }

  /** A module that owns files says who may read its records' files (called once, as the services are built). */
  registerOwnerKind(kind: FileOwnerKind, mayRead: FileReadCheck): void {
    if (this.readChecks.has(kind)) throw new Error(`file owner kind ${kind} registered twice`);
    this.readChecks.set(kind, mayRead);
  }

  /**
   * Whether the caller may read a file: a public one (the logo category, or its owner's check says
   * so without a session); an owned one where its record may be read; an unclaimed one only by its
   * uploader (created_by: a signed-in respondent's survey picture is filed under the questionnaire's
   * creator, owner_id, yet must stay readable to the respondent until the answer claims it; owner_id
   * where no uploader was recorded). A kind nobody registered reads as refused.
   */
  async mayRead(tx: Tx, session: Session | null, row: Pick<FileRow, 'category' | 'ownerKind' | 'ownerRecordId' | 'ownerId' | 'createdBy'>): Promise<boolean> {
    if (row.category === PUBLIC_FILE_CATEGORY) return true;
    if (row.ownerKind === null || row.ownerRecordId === null) return session !== null && (row.createdBy ?? row.ownerId) === session.userId;
    const check = this.readChecks.get(row.ownerKind as FileOwnerKind);
    return check ? check(tx, session, row.ownerRecordId) : false;
  }

  /**
   * Ties files to the record that names them, as the record is saved (in its transaction). Only files
   * filed under the saver (owner_id: their uploader) that no record owns yet, or files this record
   * owns already, can be claimed: anything else (another user's upload, another record's file, an
   * unknown id) answers 40000 and the save rolls back.
   */
  async claim(tx: Tx, owner: { kind: FileOwnerKind; recordId: string; saverId: string; forgetUploader?: boolean }, fileIds: readonly string[]): Promise<void> {
    const unique = [...new Set(fileIds)];
    if (unique.length === 0) return;
    if (!unique.every((id) => isUuid(id))) throw new AppError(ResponseCode.invalidInput, 'fileClaimRefused');
    const claimed = await filesRepository.claim(tx, unique, owner);
    if (claimed < unique.length) throw new AppError(ResponseCode.invalidInput, 'fileClaimRefused');
  }

  /** The bytes of a stored file for the server's own use (the seal printed on proofs); null when gone. */
  async bytesOf(tx: Tx, resId: string): Promise<{ bytes: Buffer; mime: string } | null> {
    const row = await filesRepository.findById(tx, resId);
    if (!row) return null;
    const bytes = await this.storage.read(row.path);
    return bytes ? { bytes, mime: row.mime } : null;
  }

  /**
   * `POST /file/upload`, first half, outside any transaction (a slow 100 MB upload must not hold a
   * database connection): reads every part, keeps `file` parts in temp files, then checks each
   * against the profile of the `category` field (size, extension, content). Throws 40000 for the
   * first problem, leaving nothing behind; otherwise the caller stores the batch and discards it.
   */
  async receive(request: FastifyRequest, fixed?: FixedProfile, mayUpload?: (category: FileCategory) => Promise<void>): Promise<UploadBatch> {
    if (!request.isMultipart()) throw new AppError(ResponseCode.invalidInput, 'uploadNotMultipart');
    const fixedProfile = fixed ? UPLOAD_PROFILES[fixed.category] : null;
    const received: Received[] = [];
    const fields: Record<string, string> = {};
    let permissionChecked = false;
    const discard = async () => {
      await Promise.all(received.map((file) => this.storage.discardStaged(file.tempPath)));
    };
    try {
      try {
        for await (const part of request.parts()) {
          if (part.type === 'field') {
            if (typeof part.value === 'string') fields[part.fieldname] = part.value;
            continue;
          }
          if (part.fieldname !== 'file') {
            part.file.resume();
            continue;
          }
          if (fixed && fixedProfile) {
            // a fixed profile: one file too many, or a name of the wrong type, is refused before its bytes are written
            if (received.length >= fixed.maxFiles) throw new AppError(ResponseCode.invalidInput, fixed.tooMany, { limit: fixed.maxFiles });
            const problem = checkUploadCandidate(cleanFileName(part.filename ?? ''), 1, fixedProfile);
            if (problem) throw new AppError(ResponseCode.invalidInput, problem.key, problem.params);
          }
          const category = !fixed && fields.category && Object.hasOwn(UPLOAD_PROFILES, fields.category) ? (fields.category as FileCategory) : null;
          if (category) {
            // a restricted profile (logo, apk): the caller's permission before any byte is written
            if (!permissionChecked && UPLOAD_CATEGORY_PERMISSIONS[category] && mayUpload) await mayUpload(category);
            permissionChecked = true;
            const most = UPLOAD_MAX_FILES[category];
            if (most !== undefined && received.length >= most) throw new AppError(ResponseCode.invalidInput, 'uploadTooManyFiles', { limit: most });
          }
          const limitKB = fixedProfile ? fixedProfile.maxKB : category ? UPLOAD_PROFILES[category].maxKB : UPLOAD_KB_WITHOUT_CATEGORY;
          const stored = await this.storage.stage(part.file, limitKB * 1024);
          received.push({ name: cleanFileName(part.filename ?? ''), ...stored });
          if (stored.truncated) break;
        }
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') {
          received.push({ name: '', tempPath: '', size: Number.MAX_SAFE_INTEGER, sha256: '', truncated: true });
        } else if (code === 'FST_FILES_LIMIT') {
          throw new AppError(ResponseCode.invalidInput, 'uploadTooManyFiles', { limit: MAX_FILES_PER_UPLOAD });
        } else if (error instanceof AppError || (typeof code === 'string' && /^E[A-Z]+$/.test(code))) {
          // ours, or the disk's (ENOSPC, EACCES…): a real fault
          throw error;
        } else {
          // busboy's "Unexpected end of form", "Malformed part header"…: the caller's body (found by the fuzz)
          throw new AppError(ResponseCode.invalidInput, 'requestMalformed', { detail: (error as Error).message?.slice(0, 200) ?? '' });
        }
      }

      const category = fixed ? fixed.category : parseInput(uploadFields, fields).category;
      const profile = UPLOAD_PROFILES[category as FileCategory];
      if (received.length === 0) throw new AppError(ResponseCode.invalidInput, 'uploadNoFile');
      const most = UPLOAD_MAX_FILES[category as FileCategory];
      if (!fixed && most !== undefined && received.length > most) throw new AppError(ResponseCode.invalidInput, 'uploadTooManyFiles', { limit: most });

      for (const file of received) {
        if (file.truncated) throw new AppError(ResponseCode.invalidInput, 'uploadTooLarge', { maxSize: profile.maxKB });
        const problem = checkUploadCandidate(file.name, file.size, profile);
        if (problem) throw new AppError(ResponseCode.invalidInput, problem.key, problem.params);
      }
      const files: UploadBatch['files'] = [];
      for (const file of received) {
        const mime = await sniffMatching(file.tempPath, extensionOf(file.name));
        if (!mime) throw new AppError(ResponseCode.invalidInput, 'uploadContentMismatch');
        files.push({ ...file, mime });
      }
      return { category, files, fields, discard };
    } catch (error) {
      await discard();
      throw error;
    }
  }

  /**
   * `POST /file/upload`, second half, in the request's transaction: rows are inserted first and the
   * bytes renamed into place in the same transaction, so a committed row always has its bytes; bytes
   * whose row did not commit are removed after the answer.
   */
  async store(tx: Tx, session: Session, batch: UploadBatch, reply: FastifyReply): Promise<UploadData> {
    // Logos are served without login: only those who configure the school may upload one; an .apk
    // (200 MB) only those who manage APK versions. receive() checked before the bytes; again here.
    await this.assertMayUpload(tx, session, batch.category as FileCategory);
    return this.storeFor(tx, { tenantId: session.tenantId, ownerId: session.userId, uploaderId: session.userId }, batch, reply);
  }

  /**
   * receive()'s check before the bytes of a restricted category are written: the request's session
   * (a short transaction of its own, as the route's access check) must hold one of its codes.
   */
  async assertRequestMayUpload(request: FastifyRequest, auth: Pick<AuthService, 'withSession' | 'endedSessionError'>, category: FileCategory): Promise<void> {
    const token = readSessionToken(request, this.config);
    if (!token) throw new AppError(ResponseCode.loginExpired, 'notLoggedIn');
    await auth.withSession(token, async (scope, session) => {
      if (!session) throw await auth.endedSessionError(scope.tx, token);
      await this.assertMayUpload(scope.tx, session, category);
    });
  }

  /** 40300 unless the caller may upload files of `category` (UPLOAD_CATEGORY_PERMISSIONS). */
  async assertMayUpload(tx: Tx, session: Session, category: FileCategory): Promise<void> {
    const codes = UPLOAD_CATEGORY_PERMISSIONS[category];
    if (!codes) return;
    const granted = await this.permissions.grantedCodes(tx, session);
    if (!codes.some((code) => granted.has(code))) throw new AppError(ResponseCode.forbidden, 'forbidden');
  }

  /**
   * Stores a checked batch for an owner other than a session's user (a public survey picture belongs
   * to the questionnaire's creator; files.owner_id is required). `name` renames every file.
   */
  async storeFor(
    tx: Tx,
    owner: { tenantId: string; ownerId: string; uploaderId: string | null; name?: (file: { name: string; suffix: string }) => string },
    batch: UploadBatch,
    reply: FastifyReply,
  ): Promise<UploadData> {
    const { tenantId } = owner;
    const answer: UploadData = [];
    const placed: { id: string; relativePath: string }[] = [];
    // If the transaction does not commit after all, the placed bytes have no row: remove them.
    reply.raw.once('finish', () => void this.reconcile(tenantId, placed));
    for (const file of batch.files) {
      const id = uuidv7();
      const relativePath = this.storage.keyFor(tenantId, id);
      const suffix = extensionOf(file.name);
      const name = owner.name ? owner.name({ name: file.name, suffix }) : file.name;
      await filesRepository.insert(tx, {
        tenantId,
        id,
        name,
        suffix,
        mime: file.mime,
        size: file.size,
        sha256: file.sha256,
        path: relativePath,
        category: batch.category,
        ownerId: owner.ownerId,
        createdBy: owner.uploaderId,
        updatedBy: owner.uploaderId,
      });
      await this.storage.put(file.tempPath, relativePath);
      placed.push({ id, relativePath });
      answer.push({ resId: id, resName: name, resSuffix: suffix, size: file.size });
    }
    return answer;
  }

  /**
   * Deletes file rows the caller has already authorised (e.g. a deleted questionnaire's pictures) in
   * the request's transaction; their bytes go once it has committed (the answer is sent after it).
   */
  async deleteRows(tx: Tx, tenantId: string, rows: readonly { id: string; path: string }[], reply: FastifyReply): Promise<void> {
    if (rows.length === 0) return;
    for (const row of rows) await filesRepository.delete(tx, row.id);
    reply.raw.once('finish', () => void this.reconcile(tenantId, rows.map((row) => ({ id: row.id, relativePath: row.path }))));
  }

  /** Removes bytes whose row does not exist (after a rolled-back upload, or a committed remove). */
  private async reconcile(tenantId: string, entries: { id: string; relativePath: string }[]): Promise<void> {
    try {
      for (const entry of entries) {
        const exists = await this.db.withTenant(tenantId, (tx) => filesRepository.exists(tx, entry.id));
        if (!exists) await this.storage.delete(entry.relativePath);
      }
    } catch {
      // an orphan file on disk is harmless; the next reconcile pass (or an operator) removes it
    }
  }

  /**
   * The records of the ids that exist in the caller's tenant, in the order asked. With `session`
   * (`POST /file/getFiles`) only those it may read: a name alone can tell what a medical note is.
   * Without, for a module that has checked its own record (an application's attachments).
   */
  async getFiles(tx: Tx, resIds: string[], session?: Session): Promise<FileRecord[]> {
    const unique = [...new Set(resIds)];
    const rows = await filesRepository.findByIds(tx, unique);
    const byId = new Map(rows.map((row) => [row.id, row]));
    // one check per owning record (a form's pictures share it), not per file
    const checked = new Map<string, Promise<boolean>>();
    const readable = (row: FileRow) => {
      const key = row.ownerKind ? `${row.ownerKind}:${row.ownerRecordId}` : `file:${row.id}`;
      if (!checked.has(key)) checked.set(key, this.mayRead(tx, session!, row));
      return checked.get(key)!;
    };
    const records: FileRecord[] = [];
    for (const id of unique) {
      const row = byId.get(id);
      if (row && (!session || (await readable(row)))) records.push(toRecord(row));
    }
    return records;
  }

  /** `POST /file/remove/{resId}`: by its uploader, or by a holder of the files admin permission. */
  async remove(tx: Tx, session: Session, resId: string, reply: FastifyReply): Promise<void> {
    const row = await filesRepository.findByIdForUpdate(tx, resId);
    if (!row) throw new AppError(ResponseCode.notFound, 'fileNotFound');
    await this.permissions.assertOwnerOrPermission(tx, session, row.ownerId, FILES_ADMIN_PERMISSION, 'fileRemoveForbidden');
    await filesRepository.delete(tx, resId);
    // The bytes go once the delete has committed (the answer is sent after the commit).
    reply.raw.once('finish', () => void this.reconcile(session.tenantId, [{ id: row.id, relativePath: row.path }]));
  }

  /**
   * `GET /file/download/{resId}`: the bytes with their sniffed type. Inline for images and PDF when
   * `preview` is asked, else an attachment; always nosniff. Only for a reader mayRead lets through:
   * without a session anything not public answers "log in", found or not; a session refused 40300.
   */
  async download(tx: Tx, resId: string, preview: boolean, reply: FastifyReply, reader: FileReader) {
    const row = await filesRepository.findById(tx, resId);
    if (reader !== 'authorised') {
      const allowed = row !== undefined && (await this.mayRead(tx, reader.session, row));
      if (!allowed && reader.session === null) throw new AppError(ResponseCode.loginExpired, 'notLoggedIn');
      if (row && !allowed) throw new AppError(ResponseCode.forbidden, 'fileReadForbidden');
    }
    if (!row) throw new AppError(ResponseCode.notFound, 'fileNotFound');
    const stream = await this.storage.get(row.path);
    if (!stream) throw new AppError(ResponseCode.notFound, 'fileNotFound');
    const inline = preview && (INLINE_PREVIEW_MIMES as readonly string[]).includes(row.mime);
    reply
      .header('Content-Type', row.mime)
      .header('Content-Length', String(row.size))
      .header('Content-Disposition', contentDisposition(inline ? 'inline' : 'attachment', row.name))
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, no-cache');
    return stream;
  }
}

import { v7 as uuidv7 } from 'uuid';
import {
  APK_ADD_PERMISSION,
  APK_DELETE_PERMISSION,
  APK_EDIT_PERMISSION,
  APK_PERMISSION,
  APK_PUBLISH_PERMISSION,
  apkDownloadPath,
  apkIssues,
  type ApkDeleteRequest,
  type ApkLatestData,
  type ApkListRequest,
  type ApkPublishRequest,
  type ApkSaveRequest,
  type ApkVersionRow,
} from '../../../contracts/apk-versions';
import { ResponseCode, type TableAData, tableASortOf } from '../../../contracts/envelope';
import type { Tx } from '../../db/client';
import { uniquely } from '../../db/unique';
import { type Lang, type MessageKey, translate } from '../../i18n/messages';
import { AppError } from '../../plugins/envelope';
import type { Session } from '../auth/session.types';
import type { FilesService } from '../files/files.service';
import type { PermissionsService } from '../permissions/permissions.service';
import { type ApkRecord, apkRepository as repo } from './apk-versions.repository';

/** The upload profile of an APK file (contracts/files.ts). */
const APK_FILE_CATEGORY = 'apk';
/** APK版本管理 and its buttons: who sees an unpublished version, and so its package */
const APK_READ_PERMISSIONS = [APK_PERMISSION, APK_ADD_PERMISSION, APK_EDIT_PERMISSION, APK_DELETE_PERMISSION, APK_PUBLISH_PERMISSION];

/**
 * APK版本管理 (/system/apk): releases of the Android app. Version code unique; publishing needs the
 * file and a code above every published one; a published version is neither edited nor deleted
 * (unpublish first). `latest` answers the app without login.
 */
export class ApkVersionsService {
  constructor(
    private readonly permissions: PermissionsService,
    private readonly files: FilesService,
  ) {
    // a published version's package is public (the app downloads it without login); an unpublished one only for APK版本管理
    files.registerOwnerKind('apkVersion', async (tx, session, id) => {
      if (await repo.publishedById(tx, id)) return true;
      if (!session) return false;
      const granted = await this.permissions.grantedCodes(tx, session);
      return APK_READ_PERMISSIONS.some((code) => granted.has(code));
    });
  }

  async list(tx: Tx, request: ApkListRequest): Promise<TableAData<ApkVersionRow>> {
    const { versionName, published } = request.search;
    const sort = tableASortOf(request);
    const { total, rows } = await repo.page(
      tx,
      { versionName: versionName || undefined, published: published === '1' ? true : published === '0' ? false : undefined },
      request.currPage,
      request.limit,
      sort,
    );
    return {
      total,
      rows: rows.map(({ apk, fileName, fileSize }) => ({
        id: apk.id,
        versionName: apk.versionName,
        versionCode: apk.versionCode,
        fileId: apk.fileId,
        fileName: fileName ?? '',
        fileSize: fileSize === null ? 0 : Number(fileSize),
        changelog: apk.changelog,
        forceUpdate: apk.forceUpdate,
        published: apk.published,
        publishedAt: apk.publishedAt ? apk.publishedAt.toISOString() : null,
        updatedAt: apk.updatedAt.toISOString(),
        version: apk.version,
      })),
    };
  }

  private async existingOr404(tx: Tx, id: string): Promise<ApkRecord> {
    const row = await repo.byIdForUpdate(tx, id);
    if (!row) throw new AppError(ResponseCode.notFound, 'apkNotFound');
    return row;
  }

  async save(tx: Tx, session: Session, request: ApkSaveRequest): Promise<{ id: string }> {
    await this.permissions.assertHas(tx, session, request.id ? APK_EDIT_PERMISSION : APK_ADD_PERMISSION);
    const issues = apkIssues(request);
    if (issues.length > 0) {
      throw new AppError(ResponseCode.invalidInput, (lang: Lang) => issues.map((issue) => translate(lang, issue.code as MessageKey)).join(lang === 'zh' ? '；' : '; '));
    }
    const versionCode = request.versionCode as number;
    if (request.fileId && (await repo.fileCategory(tx, request.fileId)) !== APK_FILE_CATEGORY) throw new AppError(ResponseCode.invalidInput, 'apkFileInvalid');
    const taken = () => new AppError(ResponseCode.conflict, 'apkCodeTaken', { code: versionCode });
    const values = {
      versionName: request.versionName.trim(),
      versionCode,
      fileId: request.fileId,
      changelog: request.changelog,
      forceUpdate: request.forceUpdate,
      updatedBy: session.userId,
    };
    if (!request.id) {
      if (await repo.codeTaken(tx, versionCode)) throw taken();
      const id = uuidv7();
      await uniquely(() => repo.insert(tx, { tenantId: session.tenantId, id, ...values, createdBy: session.userId }), taken);
      if (request.fileId) await this.files.claim(tx, { kind: 'apkVersion', recordId: id, saverId: session.userId }, [request.fileId]);
      return { id };
    }
    const existing = await this.existingOr404(tx, request.id);
    if (existing.published) throw new AppError(ResponseCode.conflict, 'apkPublishedLocked');
    if (await repo.codeTaken(tx, versionCode, existing.id)) throw taken();
    if (!(await uniquely(() => repo.update(tx, existing.id, request.version ?? -1, values), taken))) throw new AppError(ResponseCode.conflict, 'apkStale');
    if (request.fileId) await this.files.claim(tx, { kind: 'apkVersion', recordId: existing.id, saverId: session.userId }, [request.fileId]);
    return { id: existing.id };
  }

  async publish(tx: Tx, session: Session, request: ApkPublishRequest): Promise<{ published: boolean }> {
    await this.permissions.assertMayPublish(tx, session, [APK_PUBLISH_PERMISSION]);
    await repo.lockPublishing(tx, session.tenantId);
    const existing = await this.existingOr404(tx, request.id);
    if (existing.version !== request.version) throw new AppError(ResponseCode.conflict, 'apkStale');
    if (request.published && !existing.published) {
      if (!existing.fileId) throw new AppError(ResponseCode.conflict, 'apkPublishNeedsFile');
      const top = await repo.highestPublishedCode(tx, existing.id);
      if (top !== null && existing.versionCode <= top) throw new AppError(ResponseCode.conflict, 'apkPublishCodeNotHigher', { code: existing.versionCode, top });
    }
    if (request.published !== existing.published) {
      const set = { published: request.published, publishedAt: request.published ? new Date() : null, updatedBy: session.userId };
      if (!(await repo.update(tx, existing.id, request.version, set))) throw new AppError(ResponseCode.conflict, 'apkStale');
    }
    return { published: request.published };
  }

  async delete(tx: Tx, session: Session, request: ApkDeleteRequest): Promise<{ deleted: number }> {
    await this.permissions.assertHas(tx, session, APK_DELETE_PERMISSION);
    const ids = [...new Set(request.ids)];
    const rows = await repo.byIds(tx, ids);
    // every id must exist, else 40400 and nothing deleted (server review L8: as users, roles and menus)
    if (rows.length !== ids.length) throw new AppError(ResponseCode.notFound, 'apkMissing', { count: ids.length - rows.length });
    const published = rows.find((row) => row.published);
    if (published) throw new AppError(ResponseCode.conflict, 'apkDeletePublished', { name: published.versionName });
    await repo.remove(tx, rows.map((row) => row.id));
    return { deleted: rows.length };
  }

  /** `GET /api/apk/latest` (public): the newest published version of the school, or null. */
  async latest(tx: Tx, tenantCode: string): Promise<ApkLatestData | null> {
    const row = await repo.latestPublished(tx);
    if (!row) return null;
    return { versionName: row.versionName, versionCode: row.versionCode, forceUpdate: row.forceUpdate, changelog: row.changelog, downloadUrl: apkDownloadPath(row.id, tenantCode) };
  }

  /** The file of a published version (the download without login); 40400 for anything else. */
  async publishedFileId(tx: Tx, id: string): Promise<string> {
    const row = await repo.publishedById(tx, id);
    if (!row || !row.fileId) throw new AppError(ResponseCode.notFound, 'apkNotFound');
    return row.fileId;
  }
}

import { APK_LATEST_URL, type ApkLatestData, apkDownloadParams, apkDownloadPath, apkLatestQuery } from '../../../contracts/apk-versions';
import { ResponseCode } from '../../../contracts/envelope';
import { type Label, resourcePerms } from '../../../contracts/resource';
import { apkVersions } from '../../../contracts/resources/apk-versions';
import type { Tx } from '../../db/client';
import { crudModule } from '../../kit/crud-module';
import { defineRoute, type PublicContext, RawReply, reads } from '../../plugins/define-route';
import { AppError } from '../../plugins/envelope';
import { tenantFromHost } from '../../plugins/tenancy';
import type { Tenant } from '../tenants/tenants.service';
import { apkRepository as repo } from './apk-versions.repository';
import { apkVersions as apkVersionsTable } from './apk-versions.table';

/**
 * APK版本管理 (/system/apk) on the kit (contracts/resources/apk-versions.ts), with what differs as
 * hooks: publishing is a toggle with its own permission and rules (the file, a code above every
 * published one); a published version is neither edited nor deleted; the list adds the file's name
 * and size; the Android app's public calls (latest, download) are extra routes.
 */

const perms = resourcePerms(apkVersions);
const PUBLISH_PERMISSION = apkVersions.toggles?.published?.perm ?? perms.edit;
/** The upload profile of the package (contracts/files.ts). */
const APK_FILE_CATEGORY = apkVersions.fields.fileId.profile;

const say = (label: Label) => (lang: 'zh' | 'en') => label[lang];
const TEXT = {
  fileInvalid: { zh: '请上传APK安装包', en: 'Upload an APK file' },
  editPublished: { zh: '已发布的版本不能修改，请先取消发布', en: 'A published version cannot be changed; unpublish it first' },
  deletePublished: (name: string) => ({ zh: `版本${name}已发布，不能删除，请先取消发布`, en: `Version ${name} is published and cannot be deleted; unpublish it first` }),
  needsFile: { zh: '请先上传安装包再发布', en: 'Upload the APK file before publishing' },
  notHigher: (code: number, top: number) => ({ zh: `版本号${code}须大于已发布的最高版本号${top}`, en: `The version code ${code} must be higher than the highest published one (${top})` }),
  notFound: { zh: '版本不存在', en: 'The version does not exist' },
} satisfies Record<string, Label | ((...args: never[]) => Label)>;

/**
 * The school of a call from the Android app (no login): `?tenant=<code>`, else the host name or the
 * X-Tenant header; 40000 'tenantRequired' when none names an enabled school.
 */
async function asApp<T>(ctx: PublicContext<unknown, { tenant?: string }>, work: (tx: Tx, tenant: Tenant) => Promise<T>): Promise<T> {
  const { db, request, services, query } = ctx;
  return db.withAppRole(async (scope) => {
    const header = request.headers['x-tenant'];
    const code = query.tenant || (typeof header === 'string' ? header.trim() : '');
    const tenant = code ? await services.tenants.findByCode(scope.tx, code) : await tenantFromHost(scope, request, services);
    if (!tenant || !tenant.enabled) throw new AppError(ResponseCode.invalidInput, 'tenantRequired');
    await scope.enterTenant(tenant.id);
    return work(scope.tx, tenant);
  });
}

/** `GET /api/apk/latest` (public): the newest published version of the school, or null. */
async function latest(tx: Tx, tenantCode: string): Promise<ApkLatestData | null> {
  const row = await repo.latestPublished(tx);
  if (!row) return null;
  return { versionName: row.versionName, versionCode: row.versionCode, forceUpdate: row.forceUpdate, changelog: row.changelog, downloadUrl: apkDownloadPath(row.id, tenantCode) };
}

/** The file of a published version (the download without login); 40400 for anything else. */
async function publishedFileId(tx: Tx, id: string): Promise<string> {
  const row = await repo.publishedById(tx, id);
  if (!row || !row.fileId) throw new AppError(ResponseCode.notFound, say(TEXT.notFound));
  return row.fileId;
}

export const apkVersionsModule = crudModule(apkVersions, apkVersionsTable, {
  fileOwnerKind: 'apkVersion',
  // a published version's package is public (the app downloads it without login); an unpublished one only for APK版本管理
  async mayReadFiles(tx, session, id, { permissions }) {
    if (await repo.publishedById(tx, id)) return true;
    if (!session) return false;
    const granted = await permissions.grantedCodes(tx, session);
    return [...Object.values(perms), PUBLISH_PERMISSION].some((code) => granted.has(code));
  },
  async beforeSave(tx, _session, values) {
    const fileId = values.fileId as string;
    if (fileId && (await repo.fileCategory(tx, fileId)) !== APK_FILE_CATEGORY) throw new AppError(ResponseCode.invalidInput, say(TEXT.fileInvalid));
  },
  locked: (row, action) => (row.published ? (action === 'edit' ? TEXT.editPublished : TEXT.deletePublished(String(row.versionName))) : null),
  // who lacks system_apk_publish hears "contact the administrator" (assertMayPublish), not a bare 40300
  toggleAccess: () => [perms.view, PUBLISH_PERMISSION],
  assertToggle: (tx, session, _field, { permissions }) => permissions.assertMayPublish(tx, session, [PUBLISH_PERMISSION]),
  async beforeToggle(tx, session, _field, published, existing) {
    await repo.lockPublishing(tx, session.tenantId);
    if (published) {
      if (!existing.fileId) throw new AppError(ResponseCode.conflict, say(TEXT.needsFile));
      const top = await repo.highestPublishedCode(tx, existing.id);
      const code = existing.versionCode as number;
      if (top !== null && code <= top) throw new AppError(ResponseCode.conflict, say(TEXT.notHigher(code, top)));
    }
    return { publishedAt: published ? new Date() : null };
  },
  async decorateRows(tx, rows, records) {
    const facts = await repo.fileFacts(tx, records.map((record) => record.fileId as string).filter(Boolean));
    rows.forEach((row, i) => {
      const file = facts.get(records[i].fileId as string);
      row.fileName = file?.name ?? '';
      row.fileSize = file?.size ?? 0;
      const publishedAt = records[i].publishedAt as Date | null;
      row.publishedAt = publishedAt ? publishedAt.toISOString() : null;
    });
  },
  extraRoutes: [
    defineRoute({
      method: 'GET',
      url: APK_LATEST_URL,
      operation: reads('查询最新安卓版本', 'Latest Android version'),
      access: 'public',
      summary: 'the Android app (no login): ?tenant=<code> → the newest published version { versionName, versionCode, forceUpdate, changelog, downloadUrl } or null',
      query: apkLatestQuery,
      rateLimit: 'apkLatest',
      handler: (ctx) => asApp(ctx, (tx, tenant) => latest(tx, tenant.code)),
    }),
    defineRoute({
      method: 'GET',
      url: '/api/apk/download/:id',
      answers: 'file',
      operation: reads('下载安卓安装包', 'Download the Android app'),
      access: 'public',
      summary: 'the .apk of a published version (no login; ?tenant=<code>); 40400 for anything else',
      params: apkDownloadParams,
      query: apkLatestQuery,
      rateLimit: 'apkLatest',
      handler: async (ctx) => {
        const stream = await asApp(ctx, async (tx) => {
          const fileId = await publishedFileId(tx, ctx.params.id);
          // a published version's package: publishedFileId decided, whoever asks
          return ctx.services.files.download(tx, fileId, false, ctx.reply, 'authorised');
        });
        return new RawReply(stream);
      },
    }),
  ],
});

import {
  APK_ADD_PERMISSION,
  APK_DELETE_PERMISSION,
  APK_EDIT_PERMISSION,
  APK_LATEST_URL,
  APK_PERMISSION,
  APK_PUBLISH_PERMISSION,
  apkDeleteRequest,
  apkDownloadParams,
  apkLatestQuery,
  apkListRequest,
  apkPublishRequest,
  apkSaveRequest,
} from '../../../contracts/apk-versions';
import { ResponseCode } from '../../../contracts/envelope';
import type { Tx } from '../../db/client';
import { AppError } from '../../plugins/envelope';
import { defineRoute, type PublicContext, RawReply } from '../../plugins/define-route';
import { tenantFromHost } from '../../plugins/tenancy';
import type { Tenant } from '../tenants/tenants.service';

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

/** APK版本管理 (/system/apk) and the Android app's public calls: contracts/apk-versions.ts. */
export const apkVersionsRoutes = [
  defineRoute({
    method: 'POST',
    url: '/api/apk/list',
    access: { anyOf: [APK_PERMISSION] },
    summary: 'table A of the versions (newest code first): versionName contains, published 1/0',
    body: apkListRequest,
    handler: ({ tx, body, services }) => services.apkVersions.list(tx, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/apk/save',
    access: { anyOf: [APK_ADD_PERMISSION, APK_EDIT_PERMISSION] },
    summary: 'adds (no id, _add) or edits (id + version, _edit; not while published): name x.y.z, code a positive integer unique, file an uploaded apk, changelog ≤ 2000',
    body: apkSaveRequest,
    handler: async ({ tx, session, body, services, setMessage }) => {
      const data = await services.apkVersions.save(tx, session, body);
      setMessage('apkSaved');
      return data;
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/api/apk/publish',
    access: { anyOf: [APK_PERMISSION, APK_PUBLISH_PERMISSION] },
    summary: 'publishes (needs the file and a code above every published one) or unpublishes a version (_publish, else "contact the administrator")',
    body: apkPublishRequest,
    handler: async ({ tx, session, body, services, setMessage }) => {
      const data = await services.apkVersions.publish(tx, session, body);
      setMessage(data.published ? 'apkPublished' : 'apkUnpublished');
      return data;
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/api/apk/delete',
    access: { anyOf: [APK_DELETE_PERMISSION] },
    summary: 'deletes one or several versions (ids); refused while one is published',
    body: apkDeleteRequest,
    handler: async ({ tx, session, body, services, setMessage }) => {
      const data = await services.apkVersions.delete(tx, session, body);
      setMessage('apkDeleted');
      return data;
    },
  }),
  defineRoute({
    method: 'GET',
    url: APK_LATEST_URL,
    access: 'public',
    summary: 'the Android app (no login): ?tenant=<code> → the newest published version { versionName, versionCode, forceUpdate, changelog, downloadUrl } or null',
    query: apkLatestQuery,
    rateLimit: 'apkLatest',
    handler: (ctx) => asApp(ctx, (tx, tenant) => ctx.services.apkVersions.latest(tx, tenant.code)),
  }),
  defineRoute({
    method: 'GET',
    url: '/api/apk/download/:id',
    access: 'public',
    summary: "the .apk of a published version (no login; ?tenant=<code>); 40400 for anything else",
    params: apkDownloadParams,
    query: apkLatestQuery,
    rateLimit: 'apkLatest',
    handler: async (ctx) => {
      const stream = await asApp(ctx, async (tx) => {
        const fileId = await ctx.services.apkVersions.publishedFileId(tx, ctx.params.id);
        // a published version's package: publishedFileId decided, whoever asks
        return ctx.services.files.download(tx, fileId, false, ctx.reply, 'authorised');
      });
      return new RawReply(stream);
    },
  }),
];

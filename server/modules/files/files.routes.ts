import { downloadQuery, fileParams, getFilesRequest } from '../../../contracts/files';
import { ResponseCode } from '../../../contracts/envelope';
import { AppError } from '../../plugins/envelope';
import { changes, defineRoute, RawReply, reads } from '../../plugins/define-route';
import type { UploadBatch } from './files.service';
import { readSessionToken } from '../../plugins/session';
import { resolvePublicTenant } from '../../plugins/tenancy';

/** SPEC §7 `/file/*`: any logged-in user, within the session's tenant (row-level security); logos also without login. */
export const filesRoutes = [
  defineRoute({
    method: 'POST',
    url: '/file/upload',
    operation: changes('上传文件', 'Upload files'),
    access: 'session',
    summary: 'multipart `file` (up to 9) plus `category` (upload profile) → [{ resId, resName, resSuffix, size }]; size, extension and content checked',
    // the bytes are read and checked between the session check and the transaction that stores them
    // a restricted category (logo, apk) is checked against the session before its bytes are written
    receive: (request, services) => services.files.receive(request, undefined, (category) => services.files.assertRequestMayUpload(request, services.auth, category)),
    handler: async ({ tx, session, staged, reply, services, setMessage }) => {
      const data = await services.files.store(tx, session, staged as UploadBatch, reply);
      setMessage('uploadSucceeded');
      return data;
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/file/getFiles',
    operation: reads('查询文件', 'File details'),
    access: 'session',
    summary: 'resId list → [{ resId, resName, resSuffix, size, mime, createTime }] of the files that exist in the tenant and the caller may read',
    body: getFilesRequest,
    touchSession: true,
    handler: ({ tx, session, body, services }) => services.files.getFiles(tx, body.resIds, session),
  }),
  defineRoute({
    method: 'POST',
    url: '/file/remove/:resId',
    operation: changes('删除文件', 'Delete a file'),
    access: 'session',
    summary: 'deletes a file: its uploader, or a holder of system_config',
    params: fileParams,
    handler: async ({ tx, session, params, services, reply, setMessage }) => {
      await services.files.remove(tx, session, params.resId, reply);
      setMessage('fileRemoved');
      return null;
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/file/download/:resId',
    answers: 'file',
    operation: reads('下载文件', 'Download a file'),
    access: 'public',
    summary:
      'the bytes; ?preview=1 shows images and PDF inline, else an attachment (RFC 5987 filename*). Only where the record owning the file may be read (40300), an unclaimed upload by its uploader; without a session public files only (the logo, a published APK; tenant from Host or X-Tenant)',
    params: fileParams,
    query: downloadQuery,
    handler: async ({ db, request, reply, services, config, params, query }) => {
      const preview = query.preview === '1' || query.preview === 'true';
      const token = readSessionToken(request, config);
      const stream = await db.withAppRole(async (scope) => {
        const session = token ? await services.auth.resolveSession(scope, token) : null;
        if (session) return services.files.download(scope.tx, params.resId, preview, reply, { session });
        // No live session: public files only. A token whose session was ended elsewhere says so (50012).
        const noSession = async () => (token ? services.auth.endedSessionError(scope.tx, token) : new AppError(ResponseCode.loginExpired, 'notLoggedIn'));
        const tenant = await resolvePublicTenant(scope, request, { config, services });
        if (!tenant) throw await noSession();
        if (scope.tenantId === null) await scope.enterTenant(tenant.id);
        try {
          return await services.files.download(scope.tx, params.resId, preview, reply, { session: null });
        } catch (error) {
          throw error instanceof AppError && error.code === ResponseCode.loginExpired ? await noSession() : error;
        }
      });
      return new RawReply(stream);
    },
  }),
];

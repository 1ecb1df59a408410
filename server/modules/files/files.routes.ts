import { downloadQuery, fileParams, getFilesRequest } from '../../../contracts/files';
import { defineRoute, RawReply } from '../../plugins/routes';

/** SPEC §7 `/file/*`: any logged-in user, within the session's tenant (row-level security). */
export const filesRoutes = [
  defineRoute({
    method: 'POST',
    url: '/file/upload',
    access: 'session',
    summary: 'multipart `file` (up to 9) plus `category` (upload profile) → [{ resId, resName, resSuffix, size }]; size, extension and content checked',
    handler: async ({ tx, session, request, reply, services, setMessage }) => {
      const data = await services.files.upload(tx, session, request, reply);
      setMessage('uploadSucceeded');
      return data;
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/file/getFiles',
    access: 'session',
    summary: 'resId list → [{ resId, resName, resSuffix, size, mime, createTime }] of the files that exist in the tenant',
    body: getFilesRequest,
    touchSession: true,
    handler: ({ tx, body, services }) => services.files.getFiles(tx, body.resIds),
  }),
  defineRoute({
    method: 'POST',
    url: '/file/remove/:resId',
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
    access: 'session',
    summary: 'the bytes; ?preview=1 shows images and PDF inline, else an attachment (RFC 5987 filename*)',
    params: fileParams,
    query: downloadQuery,
    handler: async ({ tx, params, query, services, reply }) => {
      const preview = query.preview === '1' || query.preview === 'true';
      return new RawReply(await services.files.download(tx, params.resId, preview, reply));
    },
  }),
];

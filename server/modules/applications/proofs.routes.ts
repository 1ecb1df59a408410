import { z } from 'zod';
import { SETTINGS_EDIT, SETTINGS_PERMISSION } from '../../../contracts/application-settings-constants';
import { APPLICATION_URLS, sealSaveRequest } from '../../../contracts/applications';
import { changes, defineRoute, RawReply, reads } from '../../plugins/define-route';
import { contentDisposition } from '../files/files.service';

/** Printable proofs, their public verification page and the seal they carry (contracts/applications.ts). */
export const proofsRoutes = [
  defineRoute({
    method: 'GET',
    url: `${APPLICATION_URLS.proof}/:id`,
    answers: 'file',
    operation: reads('下载证明', 'Download a proof'),
    access: 'session',
    summary: 'an approved enrolment or score proof as an A4 PDF (seal, verification QR code); applicant, filer, parents, auditors of the kind',
    params: z.object({ id: z.uuid() }),
    handler: async ({ tx, session, params, services, request, reply }) => {
      const { fileName, bytes } = await services.proofs.pdf(tx, session, params.id, () => services.settings.publicOrigin(tx, request));
      reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', contentDisposition('inline', fileName))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store');
      return new RawReply(Buffer.from(bytes));
    },
  }),
  defineRoute({
    method: 'GET',
    url: `${APPLICATION_URLS.verify}/:tenant/:code`,
    operation: reads('验证证明', 'Verify a proof'),
    access: 'public',
    summary: "public page the proof's QR code opens: genuine (school, kind, masked name, class, date) or 404 not found",
    // anything the path may hold: whatever it is, the answer is the page (not found unless it is a real code)
    params: z.object({ tenant: z.string().max(200), code: z.string().max(200) }),
    // guessing codes: limited per address (plugins/rate-limit.ts)
    rateLimit: 'proofVerify',
    rateLimitHtml: true,
    handler: async ({ db, params, services, reply }) => {
      const { found, html } = await services.proofs.verify(db, params.tenant, params.code);
      reply.code(found ? 200 : 404).header('Content-Type', 'text/html; charset=utf-8').header('Cache-Control', 'no-store').header('X-Robots-Tag', 'noindex');
      return new RawReply(html);
    },
  }),
  defineRoute({
    method: 'POST',
    url: APPLICATION_URLS.seal,
    operation: reads('查看印章', 'Seal'),
    access: { anyOf: [SETTINGS_PERMISSION] },
    summary: "the school's seal printed on proofs: the picture's file id and name ('' = the drawn red seal)",
    handler: ({ tx, services }) => services.proofs.seal(tx),
  }),
  defineRoute({
    method: 'POST',
    url: APPLICATION_URLS.sealSave,
    operation: changes('设置印章', 'Set the seal'),
    access: { anyOf: [SETTINGS_EDIT] },
    summary: "sets the seal: an uploaded PNG/JPG picture of this school, or '' for the drawn seal",
    body: sealSaveRequest,
    handler: ({ tx, session, body, services }) => services.proofs.saveSeal(tx, session, body.resId),
  }),
];

import type { FastifyInstance } from 'fastify';
import { type Lang, pickLang } from '../i18n/messages';

declare module 'fastify' {
  interface FastifyRequest {
    /** the language of `msg` in the answer: zh unless the caller asks for en */
    lang: Lang;
  }
}

export function registerLanguageDetection(app: FastifyInstance) {
  app.decorateRequest('lang', 'zh');
  app.addHook('onRequest', async (request) => {
    request.lang = pickLang(request.headers);
  });
}

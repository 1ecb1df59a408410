import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ResponseCode } from '../../contracts/envelope';
import { isApiPath, LOGIN_PAGE_FILE } from '../../contracts/paths';
import { translate } from '../i18n/messages';
import { sendFailure } from './envelope';

/** A path whose last segment has an extension asks for a file; a missing file is not the app. */
const looksLikeFile = (pathname: string) => /\.[A-Za-z0-9]+$/.test(pathname.split('/').pop() ?? '') && !pathname.endsWith('.html');

/** The public survey pages (SPEC §2 /survey/wjdt/<page>): survey.html, their own light entry (issue 9). */
const PUBLIC_SURVEY_PREFIX = '/survey/wjdt/';
const PUBLIC_SURVEY_ASSETS = path.join('survey', 'wjdt', 'assets');

/**
 * Serves the built client from `staticDir` when it exists (hashed assets cached for a year, the rest
 * revalidated), answers other non-API GETs with index.html (SPA fallback), and every unknown API
 * path with a 40400 envelope.
 */
export async function registerStaticAndFallback(app: FastifyInstance, staticDir: string) {
  const serveApp = fs.existsSync(path.join(staticDir, 'index.html'));
  const surveyPage = fs.existsSync(path.join(staticDir, 'survey.html'));
  // /login: the light login page, its own small entry (a phone's first contact), when the build has it
  const loginPage = fs.existsSync(path.join(staticDir, LOGIN_PAGE_FILE));
  if (serveApp) {
    await app.register(fastifyStatic, {
      root: staticDir,
      // the build writes .br and .gz beside each text file (scripts/precompress.ts): sent as the browser accepts
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        const immutable =
          filePath.startsWith(path.join(staticDir, 'assets') + path.sep) || filePath.startsWith(path.join(staticDir, PUBLIC_SURVEY_ASSETS) + path.sep);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0];
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (serveApp && isRead && !isApiPath(pathname) && !looksLikeFile(pathname)) {
      // /survey/wjdt/<anything> that is not a real file: the public survey page; /survey/wjdt itself is the app's
      const page = pathname.startsWith(PUBLIC_SURVEY_PREFIX) && surveyPage ? 'survey.html' : pathname === '/login' && loginPage ? LOGIN_PAGE_FILE : 'index.html';
      return reply.header('cache-control', 'no-cache').sendFile(page);
    }
    return sendFailure(reply, ResponseCode.notFound, translate(request.lang, 'apiNotFound', { method: request.method, url: pathname }));
  });
}

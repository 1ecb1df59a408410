import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ResponseCode } from '../../../contracts/envelope';
import {
  MY_SCORES_PERMISSION,
  myScoresRequest,
  SCORES_EXPORT_PERMISSION,
  SCORES_IMPORT_PERMISSION,
  SCORES_MANAGE_PERMISSION,
  SCORES_PERMISSION,
  SCORES_SUBMIT_PERMISSION,
  scoreChangesRequest,
  scoreExportRequest,
  scoreOptionsRequest,
  scoreSaveRequest,
  scoreSheetRequest,
  scoreSubmitRequest,
} from '../../../contracts/scores';
import { AppError } from '../../plugins/envelope';
import { xlsxReply } from '../../kit/xlsx';
import { changes, defineRoute, reads, type Staged } from '../../plugins/define-route';
import { logTargets } from '../log-targets';
import { parseInput } from '../../plugins/validation';

const READ = { anyOf: [SCORES_PERMISSION, SCORES_MANAGE_PERMISSION] } as const;

/**
 * The save body: the contract's fields, the score any number or null. Its range (0 to the sheet's
 * scale, not just 200), its decimals and "a marked cell has no score" are checked by the service,
 * whose messages name the scale (the contract's own refinements would answer a generic 40000).
 */
const scoreSaveBody = z.object({ ...scoreSaveRequest.shape, score: z.number().nullable() });

/** SPEC §5 / §9 imports: one .xlsx file (the template; the old binary .xls cannot be read), not empty, at most 10 MB. */
const IMPORT_EXTENSIONS = ['xlsx'];
const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

interface ImportUpload extends Staged {
  bytes: Buffer;
  fields: Record<string, string>;
}

/** Reads the multipart import (file + batchId, classId, subject) into memory before the transaction. */
async function receiveImport(request: FastifyRequest): Promise<ImportUpload> {
  if (!request.isMultipart()) throw new AppError(ResponseCode.invalidInput, 'uploadNotMultipart');
  const fields: Record<string, string> = {};
  const files: { name: string; bytes: Buffer }[] = [];
  try {
    // the import's own limit while the bytes arrive: a larger file is refused without holding it in memory
    for await (const part of request.parts({ limits: { fileSize: IMPORT_MAX_BYTES } })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'file' || files.length > 0) {
        if (part.fieldname === 'file') files.push({ name: part.filename ?? '', bytes: Buffer.alloc(0) });
        part.file.resume();
        continue;
      }
      files.push({ name: part.filename ?? '', bytes: await part.toBuffer() });
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(ResponseCode.invalidInput, 'uploadTooLarge', { maxSize: IMPORT_MAX_BYTES / 1024 });
    if (code === 'FST_FILES_LIMIT') throw new AppError(ResponseCode.invalidInput, 'uploadTooManyFiles', { limit: 1 });
    throw new AppError(ResponseCode.invalidInput, 'requestMalformed', { detail: (error as Error).message?.slice(0, 200) ?? '' });
  }
  if (files.length === 0) throw new AppError(ResponseCode.invalidInput, 'uploadNoFile');
  if (files.length > 1) throw new AppError(ResponseCode.invalidInput, 'uploadTooManyFiles', { limit: 1 });
  const [file] = files;
  const extension = file.name.includes('.') ? file.name.slice(file.name.lastIndexOf('.') + 1).toLowerCase() : '';
  if (!IMPORT_EXTENSIONS.includes(extension)) throw new AppError(ResponseCode.invalidInput, 'uploadWrongType', { types: '.xlsx' });
  if (file.bytes.length === 0) throw new AppError(ResponseCode.invalidInput, 'scoresImportEmpty');
  if (file.bytes.length > IMPORT_MAX_BYTES) throw new AppError(ResponseCode.invalidInput, 'uploadTooLarge', { maxSize: IMPORT_MAX_BYTES / 1024 });
  return { bytes: file.bytes, fields, discard: async () => undefined };
}

/** Score entry, corrections and own scores (contracts/scores.ts). Teachers reach the sheets they teach (the service checks). */
export const scoresRoutes = [
  defineRoute({
    method: 'POST',
    url: '/api/scores/options',
    operation: reads('成绩录入选项', 'Score entry choices'),
    access: READ,
    summary: "semesters, the batches of one (default the current), each with the classes and subjects the caller may open and their submitted flags",
    body: scoreOptionsRequest,
    handler: ({ tx, session, body, services }) => services.scores.options(tx, session, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/scores/sheet',
    operation: reads('打开成绩表', 'Open a score sheet'),
    access: READ,
    summary: "one class's cells of one subject in one batch, in roster order, with the score system (scale, lines, bands) and the submitted state",
    body: scoreSheetRequest,
    handler: ({ tx, session, body, services }) => services.scores.sheet(tx, session, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/scores/save',
    operation: changes('录入成绩', 'Enter a score'),
    access: READ,
    summary: "one cell from baseVersion (Idempotency-Key replayable): 40900 with the server's cell when it moved; an audit row (a correction once submitted)",
    body: scoreSaveBody,
    idempotent: true,
    handler: ({ tx, session, body, services }) => services.scores.save(tx, session, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/scores/submit',
    operation: changes('提交成绩', 'Submit scores'),
    access: { anyOf: [SCORES_SUBMIT_PERMISSION] },
    summary: 'submits a sheet: refused while a student of the class has neither a score nor a mark (SPEC §8)',
    body: scoreSubmitRequest,
    target: ({ tx, body }) => logTargets.scoreSheet(tx, body),
    idempotent: true,
    handler: async ({ tx, session, body, services, setMessage }) => {
      const sheet = await services.scores.submit(tx, session, body);
      setMessage('scoresSubmitted');
      return sheet;
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/api/scores/changes',
    operation: reads('成绩修改记录', 'Score changes'),
    access: READ,
    summary: "a sheet's audit trail (who, when, old, new, correction), newest first",
    body: scoreChangesRequest,
    handler: ({ tx, session, body, services }) => services.scores.changes(tx, session, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/scores/export',
    answers: 'file',
    operation: reads('导出成绩', 'Export scores'),
    access: { anyOf: [SCORES_EXPORT_PERMISSION] },
    summary: 'a class sheet, a class or the whole batch as .xlsx (a worksheet per class, a column per subject; numbers as numbers)',
    body: scoreExportRequest,
    handler: async ({ tx, session, body, services, reply, lang }) => {
      const { fileName, bytes } = await services.scores.export(tx, session, body, lang);
      return xlsxReply(reply, fileName, bytes);
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/api/scores/template',
    answers: 'file',
    operation: reads('下载成绩导入模板', 'Download the score import template'),
    access: { anyOf: [SCORES_IMPORT_PERMISSION] },
    summary: "the import template of a sheet (its roster and current cells; names the sheet it belongs to)",
    query: scoreSheetRequest,
    handler: async ({ tx, session, query, services, reply, lang }) => {
      const { fileName, bytes } = await services.scores.template(tx, session, query, lang);
      return xlsxReply(reply, fileName, bytes);
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/api/scores/import',
    operation: changes('导入成绩', 'Import scores'),
    access: { anyOf: [SCORES_IMPORT_PERMISSION] },
    summary: 'multipart file (the template, .xlsx) + batchId, classId, subject: every row checked first; any invalid row → 40000, data.errors, nothing written',
    receive: (request) => receiveImport(request),
    handler: async ({ tx, session, staged, services, lang, setMessage }) => {
      const upload = staged as ImportUpload;
      const target = parseInput(scoreSheetRequest, upload.fields);
      const result = await services.scores.import(tx, session, target, upload.bytes, lang);
      setMessage('scoresImported');
      return result;
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/api/scores/mine',
    operation: reads('我的成绩', 'My scores'),
    access: { anyOf: [MY_SCORES_PERMISSION] },
    summary: "generic table A of the caller's (student) or a linked child's (parent) scores of published batches, with band and class average",
    body: myScoresRequest,
    handler: ({ tx, session, body, services }) => services.scores.mine(tx, session, body),
  }),
];

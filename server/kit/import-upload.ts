import type { FastifyRequest } from 'fastify';
import { ResponseCode } from '../../contracts/envelope';
import { AppError } from '../plugins/envelope';
import type { Staged } from '../plugins/define-route';
import { IMPORT_MAX_BYTES, type ImportSheet, readImportSheet } from './resource-excel';

/** The uploaded workbook of a kit import, received and parsed before the transaction (route `receive`). */
export interface ImportUpload extends Staged {
  fileName: string;
  sheet: ImportSheet;
}

/**
 * Reads the one `file` part of a multipart import into memory, within the import's size limit while
 * the bytes arrive (a larger file is refused without being held), then its first sheet's cells.
 * Whether it is a workbook is the reader's business (resource-excel.ts tells it by its first bytes).
 */
export async function receiveImport(request: FastifyRequest): Promise<ImportUpload> {
  const file = await receiveImportFile(request);
  // the parse (a worker, at most two at once) runs here, so no database connection waits on it
  return { fileName: file.name, sheet: await readImportSheet(file.bytes, file.name), discard: async () => undefined };
}

/** The one `file` part of a multipart import, read within the import's size limit while the bytes arrive (the users' import reads its own workbook). */
export async function receiveImportFile(request: FastifyRequest): Promise<{ name: string; bytes: Buffer }> {
  if (!request.isMultipart()) throw new AppError(ResponseCode.invalidInput, 'uploadNotMultipart');
  let file: { name: string; bytes: Buffer } | null = null;
  let count = 0;
  try {
    for await (const part of request.parts({ limits: { fileSize: IMPORT_MAX_BYTES } })) {
      if (part.type === 'field') continue;
      count += 1;
      if (part.fieldname !== 'file' || file) {
        part.file.resume();
        continue;
      }
      const bytes = await part.toBuffer();
      if (part.file.truncated) throw new AppError(ResponseCode.invalidInput, 'uploadTooLarge', { maxSize: IMPORT_MAX_BYTES / 1024 });
      file = { name: part.filename ?? '', bytes };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(ResponseCode.invalidInput, 'uploadTooLarge', { maxSize: IMPORT_MAX_BYTES / 1024 });
    throw new AppError(ResponseCode.invalidInput, 'requestMalformed', { detail: (error as Error).message?.slice(0, 200) ?? '' });
  }
  if (!file) throw new AppError(ResponseCode.invalidInput, 'uploadNoFile');
  if (count > 1) throw new AppError(ResponseCode.invalidInput, 'uploadTooManyFiles', { limit: 1 });
  return file;
}

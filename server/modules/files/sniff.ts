import { fileTypeFromFile } from 'file-type';

/**
 * What the content of each accepted extension must sniff as (file-type's ext). Every extension any
 * upload profile allows is a binary format with a signature, so content without a recognised
 * signature (scripts, text, HTML) never passes, and neither does an executable renamed .jpg or .pdf.
 */
const EXPECTED: Readonly<Record<string, readonly string[]>> = {
  jpg: ['jpg'],
  jpeg: ['jpg'],
  png: ['png'],
  gif: ['gif'],
  webp: ['webp'],
  pdf: ['pdf'],
  mp4: ['mp4', 'm4v'],
  // Office 97-2003 files are OLE compound files
  doc: ['cfb'],
  xls: ['cfb'],
  ppt: ['cfb'],
  docx: ['docx'],
  xlsx: ['xlsx'],
  pptx: ['pptx'],
  // a zip holding classes.dex (file-type's apk)
  apk: ['apk'],
};

/** Content types by extension, for formats whose signature alone does not tell (OLE compound files). */
const MIME_BY_EXTENSION: Readonly<Record<string, string>> = {
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
  jpeg: 'image/jpeg',
};

/** The content type to store and serve, or null when the content does not match the extension. */
export async function sniffMatching(filePath: string, extension: string): Promise<string | null> {
  const expected = EXPECTED[extension];
  if (!expected) return null;
  const sniffed = await fileTypeFromFile(filePath);
  if (!sniffed || !expected.includes(sniffed.ext)) return null;
  return sniffed.ext === 'cfb' ? (MIME_BY_EXTENSION[extension] ?? 'application/octet-stream') : sniffed.mime;
}

import { randomBytes } from 'node:crypto';

/** One part of a multipart/form-data body: a text field, or a file (sent as application/octet-stream unless `type` says). */
export type MultipartPart = { name: string; value: string } | { name: string; filename: string; content: Buffer; type?: string };

const newBoundary = () => `----xiaowu${randomBytes(8).toString('hex')}`;

/** A part up to its content: the boundary line and the part's headers. */
function partHead(boundary: string, part: { name: string; filename?: string; type?: string }): string {
  if (part.filename === undefined) return `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n`;
  return `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`;
}

/** A multipart/form-data body as a browser's FormData sends it: the parts in their order, then the closing boundary. */
export function multipartBody(parts: MultipartPart[]): { payload: Buffer; contentType: string } {
  const boundary = newBoundary();
  const chunks = parts.flatMap((part) => [Buffer.from(partHead(boundary, part)), 'value' in part ? Buffer.from(part.value) : part.content, Buffer.from('\r\n')]);
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * The same body around a file whose bytes the caller streams itself (raw-socket tests): `head` is the
 * fields and the file part's headers, `tail` ends the file part and the body.
 */
export function multipartAround(fields: Record<string, string>, file: { name: string; filename: string }): { head: Buffer; tail: Buffer; contentType: string } {
  const boundary = newBoundary();
  const fieldParts = Object.entries(fields).map(([name, value]) => `${partHead(boundary, { name })}${value}\r\n`);
  return {
    head: Buffer.from(`${fieldParts.join('')}${partHead(boundary, file)}`),
    tail: Buffer.from(`\r\n--${boundary}--\r\n`),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

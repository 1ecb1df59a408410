import type { OpenApiDocument, OpenApiOperation } from './openapi.document';

/**
 * The readable page of the API description (`GET /api/docs`), rendered here from the document: no
 * script at all (the CSP allows only our own scripts; schools run offline, so no CDN viewer), inline
 * styles (allowed), request schemas folded in <details>.
 */

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** The little markdown the document's texts use: `code` only; paragraphs by blank lines. */
const inline = (text: string) => escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');
const paragraphs = (text: string): string =>
  text
    .split(/\n{2,}/)
    .map((block): string => {
      if (block.startsWith('## ')) return `<h3>${inline(block.slice(3).split('\n')[0]!)}</h3>${paragraphs(block.split('\n').slice(1).join('\n'))}`;
      const lines = block.split('\n');
      const items = lines.filter((line) => line.startsWith('- '));
      if (items.length > 0) {
        const lead = lines.filter((line) => !line.startsWith('- ')).join(' ');
        return `${lead ? `<p>${inline(lead)}</p>` : ''}<ul>${items.map((item) => `<li>${inline(item.slice(2))}</li>`).join('')}</ul>`;
      }
      return block.trim() ? `<p>${inline(block)}</p>` : '';
    })
    .join('');

const json = (value: unknown) => `<pre>${escapeHtml(JSON.stringify(value, null, 2))}</pre>`;

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:72rem;padding:1rem 1.5rem;color:#1a202c}
h1{font-size:1.6rem}h2{margin-top:2.5rem;border-bottom:2px solid #e2e8f0;padding-bottom:.25rem}
code,pre{font:13px/1.4 ui-monospace,monospace;background:#f7fafc}pre{padding:.5rem;overflow:auto;border:1px solid #e2e8f0}
table{border-collapse:collapse}td,th{border:1px solid #e2e8f0;padding:.2rem .5rem;text-align:left;vertical-align:top}
.op{border:1px solid #e2e8f0;border-radius:6px;margin:.6rem 0;padding:.5rem .75rem}
.m{display:inline-block;min-width:3.6rem;font:bold 12px ui-monospace,monospace;color:#fff;background:#2b6cb0;border-radius:4px;padding:.1rem .4rem;text-align:center}
.m.post{background:#2f855a}.m.put{background:#b7791f}.m.delete{background:#c53030}
.path{font:bold 14px ui-monospace,monospace;margin-left:.5rem}.access{color:#4a5568}
nav{display:flex;flex-wrap:wrap;gap:.25rem .75rem}code{overflow-wrap:anywhere}details details{margin-top:.5rem}`;

type Schema = Record<string, unknown>;

/** A schema in a few words: its type (array of …, one of …) and its rules. */
function typeOf(schema: Schema): string {
  if (schema.$ref) return String(schema.$ref).split('/').pop()!;
  const variants = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (variants) return variants.map(typeOf).join(' | ');
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.type === 'array' && schema.items) return `array of ${typeOf(schema.items as Schema)}`;
  return Array.isArray(schema.type) ? schema.type.join(' | ') : String(schema.type ?? 'any');
}
const RULES: [string, string][] = [
  ['enum', 'one of'],
  ['minLength', 'min length'],
  ['maxLength', 'max length'],
  ['minimum', 'min'],
  ['maximum', 'max'],
  ['minItems', 'min items'],
  ['maxItems', 'max items'],
  ['pattern', 'pattern'],
  ['format', 'format'],
  ['default', 'default'],
];
const rulesOf = (schema: Schema) =>
  RULES.filter(([key]) => schema[key] !== undefined && !(Number.isSafeInteger(schema[key]) && Math.abs(schema[key] as number) === Number.MAX_SAFE_INTEGER))
    .map(([key, label]) => `${label} ${Array.isArray(schema[key]) ? (schema[key] as unknown[]).map((v) => JSON.stringify(v)).join(', ') : JSON.stringify(schema[key])}`)
    .join('; ');

/** One row per path or query parameter and per top-level body field; nested shapes are in the folded schema. */
function fieldsTable(operation: OpenApiOperation): string {
  const rows: string[] = [];
  const row = (name: string, place: string, schema: Schema, required: boolean) =>
    rows.push(`<tr><td><code>${escapeHtml(name)}</code></td><td>${place}</td><td>${escapeHtml(typeOf(schema))}</td><td>${required ? 'yes' : ''}</td><td>${escapeHtml(rulesOf(schema))}</td></tr>`);
  for (const parameter of operation.parameters ?? []) {
    if (parameter.$ref) row(String(parameter.$ref).split('/').pop() === 'IdempotencyKey' ? 'Idempotency-Key' : String(parameter.$ref), 'header', { type: 'string', format: 'uuid' }, false);
    else row(String(parameter.name), String(parameter.in), parameter.schema as Schema, parameter.required === true);
  }
  for (const [type, { schema }] of Object.entries(operation.requestBody?.content ?? {})) {
    const place = type === 'multipart/form-data' ? 'form part' : 'body';
    const required = new Set((schema.required as string[] | undefined) ?? []);
    for (const [name, field] of Object.entries((schema.properties as Record<string, Schema> | undefined) ?? {})) row(name, place, field, required.has(name));
  }
  return rows.length > 0 ? `<table><thead><tr><th>field</th><th>in</th><th>type</th><th>required</th><th>rules</th></tr></thead><tbody>${rows.join('')}</tbody></table>` : '';
}

function operationHtml(method: string, path: string, operation: OpenApiOperation): string {
  const request = {
    ...(operation.parameters ? { parameters: operation.parameters } : {}),
    ...(operation.requestBody ? { body: operation.requestBody.content } : {}),
  };
  const folded =
    Object.keys(request).length > 0 ? `<details><summary>Request</summary>${fieldsTable(operation)}<details><summary>JSON Schema</summary>${json(request)}</details></details>` : '<p class="access">No input.</p>';
  return `<section class="op" id="${escapeHtml(operation.operationId)}"><div><span class="m ${method}">${method.toUpperCase()}</span><span class="path">${escapeHtml(path)}</span></div>
<p>${inline(operation.summary)}</p><div class="access">${paragraphs(operation.description)}</div>${folded}</section>`;
}

export function renderApiPage(document: OpenApiDocument, documentUrl: string): string {
  const byTag = new Map<string, string[]>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const tag = operation.tags[0] ?? '';
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationHtml(method, path, operation)]);
    }
  }
  const tags = [...byTag.keys()].sort();
  const codes = (document.components.schemas.ResponseCode?.oneOf ?? []) as { const: number; title: string; description: string }[];
  const title = escapeHtml(document.info.title);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title><style>${STYLE}</style></head><body>
<h1>${title} <small>${escapeHtml(document.info.version)}</small></h1>
<p>The machine-readable description: <a href="${escapeHtml(documentUrl)}"><code>${escapeHtml(documentUrl)}</code></a> (OpenAPI ${escapeHtml(document.openapi)}).</p>
${paragraphs(document.info.description)}
<h2 id="envelope">The envelope and its codes</h2>
${json(document.components.schemas.Envelope)}
<table><thead><tr><th>code</th><th>name</th><th>meaning</th></tr></thead><tbody>${codes
    .map((code) => `<tr><td>${code.const}</td><td>${escapeHtml(code.title)}</td><td>${inline(code.description)}</td></tr>`)
    .join('')}</tbody></table>
<h2>Calls</h2><nav>${tags.map((tag) => `<a href="#tag-${escapeHtml(tag)}">${escapeHtml(tag)}</a>`).join('')}</nav>
${tags.map((tag) => `<h2 id="tag-${escapeHtml(tag)}">${escapeHtml(tag)}</h2>${byTag.get(tag)!.join('\n')}`).join('\n')}
</body></html>`;
}

import { z } from 'zod';
import { ResponseCode } from '../../../contracts/envelope';
import { ENCRYPTED_HEADER, ENCRYPTION_WHITELIST, isEncryptionWhitelisted, SIGN_HEADER } from '../../../contracts/encryption';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEEP_DAYS, IDEMPOTENT_REPLAY_HEADER, OUTBOX_BATCH_URL } from '../../../contracts/idempotency';
import { DEFAULT_TOKEN_HEADER } from '../../../contracts/session';
import { DEVICE_ID_HEADER } from '../../../contracts/survey-rules';
import type { Access, AnyRoute } from '../../plugins/define-route';
import type { RateLimits, RouteRateLimit } from '../../plugins/rate-limit';

/**
 * The API description for integrators (the Android app, gate devices, a district's portal): an
 * OpenAPI 3.1 document built from the route registry and each route's zod contracts (zod 4's JSON
 * Schema output, draft 2020-12, which OpenAPI 3.1 uses as is). Served by openapi.routes.ts.
 */

type JsonSchema = Record<string, unknown>;
export type OpenApiDocument = Record<string, unknown> & {
  openapi: string;
  info: { title: string; version: string; description: string };
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, JsonSchema> } & Record<string, unknown>;
};
export interface OpenApiOperation {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  security: Record<string, string[]>[];
  parameters?: JsonSchema[];
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, JsonSchema>;
  'x-access': 'public' | 'session' | 'permissions';
  'x-permissions'?: { anyOf: readonly string[] } | { allOf: readonly string[] };
  'x-idempotent'?: true;
  'x-rate-limit'?: string;
}

export interface OpenApiOptions {
  /** the module that declared a route: the operation's tag */
  moduleOf(route: AnyRoute): string;
  /** the session token header the server names in the login answer (XIAOWU_TOKEN_HEADER) */
  tokenHeaderName: string;
  rateLimits: RateLimits;
  version: string;
}

/** What each response code means, for integrators; keyed by ResponseCode's names so a new code cannot go undescribed. */
const CODE_MEANINGS: Record<keyof typeof ResponseCode, string> = {
  ok: 'success',
  loginExpired: 'not logged in, or the session expired or was revoked: log in again',
  invalidToken: 'the token is not a live session (treat as "log in again")',
  loggedInElsewhere: 'the session was ended by a login elsewhere (single-session deployments): log in again',
  tokenExpired: 'the token expired (treat as "log in again")',
  invalidInput: 'the input failed its contract; `msg` names the field and the problem',
  badCredentials: 'wrong account or password',
  badCaptcha: 'captcha missing or wrong',
  forbidden: "the caller lacks the call's permission (or must first change an initial password: data `{ mustChangePassword: true }`)",
  notFound: 'no such record, or no such call',
  conflict: 'the record changed since it was read (stale `version`), or a unique value already exists',
  accountDisabled: 'the account is disabled',
  idempotencyInProgress: 'the same Idempotency-Key is still being applied by an earlier request: retry later',
  idempotencyMismatch: 'the Idempotency-Key was used before with another request: never applied, do not retry',
  unprocessable: 'a domain rule refuses well-formed input (a score above the scale)',
  locked: 'the account is locked after repeated failed logins',
  rateLimited: 'rate limited: retry after `data.retryAfterSeconds`',
  missingSignature: 'request encryption on: the call lacks its signature header or encrypted body',
  badSignature: 'request encryption: the signature or body does not decrypt, names an unknown or retired key, or signs another user',
  staleTimestamp: 'request encryption: the signed timestamp is outside the accepted window',
  replayedRequest: 'request encryption: the signed nonce was used before',
  fault: 'unexpected fault (sent with HTTP 500); the server log has the details',
};

/** The codes once each (42200 has two names), with every meaning. */
function responseCodes(): { code: number; names: string[]; meaning: string }[] {
  const byCode = new Map<number, { code: number; names: string[]; meaning: string }>();
  for (const [name, code] of Object.entries(ResponseCode) as [keyof typeof ResponseCode, number][]) {
    const entry = byCode.get(code);
    if (entry) {
      entry.names.push(name);
      entry.meaning += `; or ${CODE_MEANINGS[name]}`;
    } else byCode.set(code, { code, names: [name], meaning: CODE_MEANINGS[name] });
  }
  return [...byCode.values()].sort((a, b) => a.code - b.code);
}

export const ENVELOPE_REF = '#/components/responses/Envelope';

function envelopeComponents(): { schemas: Record<string, JsonSchema>; responses: Record<string, JsonSchema> } {
  const codes = responseCodes();
  const table = codes.map(({ code, names, meaning }) => `| ${code} | ${names.join(', ')} | ${meaning} |`).join('\n');
  return {
    schemas: {
      ResponseCode: {
        type: 'integer',
        description: `The envelope's \`code\`. 90001, 50008, 50012, 50014 (and 50000) all mean "log in again".\n\n| code | name | meaning |\n|---|---|---|\n${table}`,
        oneOf: codes.map(({ code, names, meaning }) => ({ const: code, title: names.join(', '), description: meaning })),
      },
      Envelope: {
        type: 'object',
        description: 'Every answer of every call except file downloads on success: `{ code, result, msg, data }`.',
        required: ['code', 'result', 'msg', 'data'],
        properties: {
          code: { $ref: '#/components/schemas/ResponseCode' },
          result: { type: 'boolean', description: 'true exactly when code is 1' },
          msg: { type: 'string', description: "a message in the caller's language (Accept-Language: zh or en)" },
          data: { description: "the call's answer (see the operation); null on most failures, details on some (40300, 42900)" },
        },
      },
    },
    responses: {
      Envelope: {
        description: 'The envelope, sent with HTTP 200 whatever the code, except code 59000 (HTTP 500). Read `code`, not the HTTP status.',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Envelope' } } },
      },
    },
  };
}

/** Fastify's `:id` is OpenAPI's `{id}`. */
export const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
const pathParamNames = (url: string) => [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]!);

/**
 * A contract as JSON Schema 2020-12, as the caller sends it (io 'input'); what JSON Schema cannot say
 * (transforms, refinements, custom) becomes `{}`. Shared definitions ($defs: recursive shapes) move to
 * components, because inside an OpenAPI document `#` is the document, not the schema.
 */
function jsonSchemaOf(schema: z.ZodType, name: string, components: Record<string, JsonSchema>): JsonSchema {
  const converted = z.toJSONSchema(schema, { target: 'draft-2020-12', unrepresentable: 'any', io: 'input' }) as JsonSchema;
  delete converted.$schema;
  const defs = converted.$defs as Record<string, JsonSchema> | undefined;
  delete converted.$defs;
  const rewrite = (value: JsonSchema): JsonSchema => JSON.parse(JSON.stringify(value).replaceAll('"#/$defs/', `"#/components/schemas/${name}.`)) as JsonSchema;
  for (const [key, def] of Object.entries(defs ?? {})) components[`${name}.${key}`] = rewrite(def);
  return defs ? rewrite(converted) : converted;
}

export function accessText(access: Access): string {
  if (access === 'public') return 'Access: public (no login).';
  if (access === 'session') return 'Access: any logged-in user.';
  if ('anyOf' in access) return `Access: a logged-in user holding any of the permissions ${access.anyOf.map((code) => `\`${code}\``).join(', ')}.`;
  return `Access: a logged-in user holding all of the permissions ${access.allOf.map((code) => `\`${code}\``).join(', ')}.`;
}

const limitText = (name: string, limit: RouteRateLimit) =>
  `Rate limited (\`${name}\`): ${limit.perAddress.max} calls per ${limit.perAddress.windowSeconds} s per client address` +
  (limit.perDevice ? ` and ${limit.perDevice.max} per ${limit.perDevice.windowSeconds} s per device (\`${DEVICE_ID_HEADER}\`)` : '') +
  '; over it code 42900 with `data.retryAfterSeconds`.';

const MULTIPART_SCHEMA: JsonSchema = {
  type: 'object',
  description: 'multipart/form-data: the file in the part `file`; the other parts (text fields) are named in the summary.',
  required: ['file'],
  properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } },
  additionalProperties: { type: 'string' },
};

function operationOf(route: AnyRoute, options: OpenApiOptions, schemas: Record<string, JsonSchema>, operationId: string): OpenApiOperation {
  const notes = [accessText(route.access)];
  const operation: OpenApiOperation = {
    operationId,
    summary: route.summary,
    description: '',
    tags: [options.moduleOf(route)],
    security: route.access === 'public' ? [] : [{ sessionToken: [] }, { bearerToken: [] }],
    responses: {},
    'x-access': typeof route.access === 'string' ? route.access : 'permissions',
  };
  if (typeof route.access !== 'string') operation['x-permissions'] = route.access;

  const parameters: JsonSchema[] = [];
  const params = route.params ? jsonSchemaOf(route.params, `${operationId}.params`, schemas) : undefined;
  for (const name of pathParamNames(route.url)) {
    const schema = (params?.properties as Record<string, JsonSchema> | undefined)?.[name] ?? { type: 'string' };
    parameters.push({ name, in: 'path', required: true, schema });
  }
  if (route.query) {
    const query = jsonSchemaOf(route.query, `${operationId}.query`, schemas);
    const required = new Set((query.required as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries((query.properties as Record<string, JsonSchema> | undefined) ?? {})) {
      parameters.push({ name, in: 'query', required: required.has(name), schema });
    }
  }
  if (route.idempotent) {
    parameters.push({ $ref: '#/components/parameters/IdempotencyKey' });
    operation['x-idempotent'] = true;
    notes.push(`Idempotent: with an \`${IDEMPOTENCY_HEADER}\` header a repeat of the same request answers the stored answer; also replayable through \`${OUTBOX_BATCH_URL}\`.`);
  }
  if (parameters.length > 0) operation.parameters = parameters;

  if (route.receive) {
    operation.requestBody = { required: true, content: { 'multipart/form-data': { schema: MULTIPART_SCHEMA } } };
    notes.push('Upload: multipart/form-data (not encrypted; authorised by the session token).');
  } else if (route.body) {
    operation.requestBody = {
      required: !route.body.safeParse(undefined).success,
      content: { 'application/json': { schema: jsonSchemaOf(route.body, `${operationId}.body`, schemas) } },
    };
  }
  if (route.rateLimit) {
    operation['x-rate-limit'] = route.rateLimit;
    notes.push(limitText(route.rateLimit, options.rateLimits[route.rateLimit]));
  }
  if (route.method !== 'GET' && !isEncryptionWhitelisted(route.url)) notes.push('Sealed when request encryption is on (see the introduction).');

  const dataNote =
    'The envelope. Its `data` is not described by a schema: this route declares none (the summary says what it holds). ' +
    'A download answers the file itself on success and the envelope on failure.';
  operation.responses = { '200': { $ref: ENVELOPE_REF, description: dataNote }, '500': { $ref: ENVELOPE_REF, description: 'code 59000: unexpected fault' } };
  operation.description = notes.join('\n\n');
  return operation;
}

function introduction(options: OpenApiOptions): string {
  const limits = Object.entries(options.rateLimits)
    .map(([name, limit]) => `- ${limitText(name, limit)}`)
    .join('\n');
  return `The Xiaowu (校务) school administration API: every call the web app makes, for integrators (the Android app, gate devices, a district's portal). Generated from the server's route registry and its input contracts.

## Answers
Every answer is the envelope \`{ code, result, msg, data }\` (components: \`Envelope\`, \`ResponseCode\` lists every code). HTTP status is 200 whatever the code, except 59000 (500). \`msg\` is in the caller's language: send \`Accept-Language: zh\` or \`en\`.

## Bodies
JSON (\`application/json\`); form-encoded bodies (\`application/x-www-form-urlencoded\`) with the same fields are accepted too. Uploads are multipart/form-data. An input that fails its contract answers 40000 naming the field.

## Session
Log in with \`POST /api/login/v3\` (\`username\`, \`password\`, and \`tenant\` (the school code) when the host name names no school). Its \`data\` is \`{ headerName, token, userId }\`: send the token in the header \`headerName\` names (this deployment: \`${options.tokenHeaderName}\`${options.tokenHeaderName === DEFAULT_TOKEN_HEADER ? '' : `; \`${DEFAULT_TOKEN_HEADER}\` is accepted too`}; so is \`Authorization: Bearer <token>\`). Sessions expire when idle; an older token is renewed: the answer then carries the new token in the same header, use it from then on. 90001 / 50008 / 50012 / 50014 mean "log in again".

## Schools
The school of a call is the session's. A public call tells it by the session token when present, else the host name, else the \`X-Tenant\` header (the school code).

## Idempotent writes
Operations marked \`x-idempotent\` accept \`${IDEMPOTENCY_HEADER}: <uuid>\` (one per user action, made by the caller). The same key and request again answers the stored answer with \`${IDEMPOTENT_REPLAY_HEADER}: 1\` and applies nothing twice; the same key with another request answers 42200; keys are kept ${IDEMPOTENCY_KEEP_DAYS} days. \`POST ${OUTBOX_BATCH_URL}\` sends several such writes in one call.

## Rate limits
Public calls open to abuse are limited per client address and, when the request has a well-formed \`${DEVICE_ID_HEADER}\` (a uuid), per device:
${limits}

## Request encryption
A deployment may require it (\`XIAOWU_REQUEST_ENCRYPTION=on\`; \`GET /api/login/options\` reports \`requestEncryption\`). Then every non-GET call except ${ENCRYPTION_WHITELIST.map((url) => `\`${url}\``).join(', ')} must be sealed: fetch \`{ publicKey, kid }\` from \`POST /api/security/get\`; make a random AES-256 key and IV; send the header \`${SIGN_HEADER}: <kid>.<base64 RSA-OAEP-SHA256 of {"k": key b64, "i": iv b64, "t": epoch ms, "u": user id or "", "n": random nonce b64 (16 bytes)}>\` and the body \`{ "data": base64 AES-256-CBC of {"type": original content type, "body": original body text} }\`. The answer is \`{ "encrypted": base64, "iv": base64 }\` under the same key (header \`${ENCRYPTED_HEADER}: 1\`) and opens to the usual envelope. Refusals: 41001 (not sealed), 41002 (does not open, unknown key, another user), 41003 (clock off by more than the window), 41004 (nonce reused). A refused key (41002 after a rotation): fetch the key again and retry once.`;
}

/** Builds the document (pure: the caller caches it). */
export function buildOpenApiDocument(routes: readonly AnyRoute[], options: OpenApiOptions): OpenApiDocument {
  const envelope = envelopeComponents();
  const schemas: Record<string, JsonSchema> = { ...envelope.schemas };
  const paths: Record<string, Record<string, OpenApiOperation>> = {};
  const usedIds = new Set<string>();
  const tags = new Set<string>();
  for (const route of routes) {
    const base = `${route.method.toLowerCase()}${route.url.replace(/[^A-Za-z0-9]+(.)?/g, (_match, next?: string) => (next ? next.toUpperCase() : ''))}`;
    let operationId = base;
    for (let n = 2; usedIds.has(operationId); n += 1) operationId = `${base}${n}`;
    usedIds.add(operationId);
    const operation = operationOf(route, options, schemas, operationId);
    tags.add(operation.tags[0]!);
    (paths[openApiPath(route.url)] ??= {})[route.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Xiaowu (校务) API', version: options.version, description: introduction(options) },
    servers: [{ url: '/', description: 'this server' }],
    security: [{ sessionToken: [] }, { bearerToken: [] }],
    tags: [...tags].sort().map((name) => ({ name })),
    paths,
    components: {
      schemas,
      responses: envelope.responses,
      parameters: {
        IdempotencyKey: {
          name: IDEMPOTENCY_HEADER,
          in: 'header',
          required: false,
          description: 'a uuid made once per user action: a repeat with the same key is answered, not applied again',
          schema: { type: 'string', format: 'uuid' },
        },
      },
      securitySchemes: {
        sessionToken: { type: 'apiKey', in: 'header', name: options.tokenHeaderName, description: "the login answer's token, in the header its `headerName` names" },
        bearerToken: { type: 'http', scheme: 'bearer', description: "the login answer's token as `Authorization: Bearer <token>`" },
      },
    },
  };
}

import { constants, publicEncrypt, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import { expect, inject } from 'vitest';
import type { Envelope } from '../../contracts/envelope';
import type { UploadData } from '../../contracts/files';
import type { UserType } from '../../contracts/session';
import { idCheckDigit } from '../../contracts/user-rules';
import { buildApp } from '../app';
import { type AppConfig, defaultConfig } from '../config';
import { bootstrapDatabase } from '../db/bootstrap';
import { connectDatabase, type Database } from '../db/client';
import { MIGRATIONS_FOLDER } from '../db/migrate';
import { createDatabaseBeside } from '../db/scratch';
import { DEMO_PASSWORD, DEMO_SCHOOL } from '../db/seed';
import type { SchoolProfile } from '../db/seed/profiles';
import { seedSchool } from '../db/seed/school';
import { hashPassword } from '../modules/auth/passwords';
import { roles, userRoles } from '../modules/permissions/permissions.table';
import { classMemberships, students } from '../modules/students/students.table';
import { users } from '../modules/users/users.table';
import { type MultipartPart, multipartBody } from './multipart';

export { DEMO_PASSWORD };

export interface TestApp {
  app: FastifyInstance;
  /** the owner's access, for the tests' own set-up and checks across schools */
  db: Database;
  /** the app's own pool: the login role (xiaowu_server), as in production */
  appDb: Database;
  config: AppConfig;
  close(): Promise<void>;
}

/** The app against the shared test database; captcha off unless the test turns it on. */
export async function buildTestApp(overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const db = connectDatabase(inject('databaseUrl'), { maxConnections: 3 });
  const appDb = connectDatabase(inject('appDatabaseUrl'), { maxConnections: 5 });
  const config = defaultConfig({ captchaEnabled: false, logLevel: 'silent', staticDir: '/nonexistent-static-dir', ...overrides });
  const app = await buildApp({ db: appDb, config, logger: false });
  return {
    app,
    db,
    appDb,
    config,
    close: async () => {
      await app.close();
      await appDb.close();
      await db.close();
    },
  };
}

/** A client address of its own, so login throttling per address never spills between tests. */
export const uniqueIp = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${1 + (randomBytes(1)[0] % 254)}`;

export interface CallOptions {
  token?: string;
  /** form-encoded body */
  form?: Record<string, string>;
  json?: unknown;
  headers?: Record<string, string>;
  ip?: string;
}

export interface CallResult<T = unknown> {
  status: number;
  body: Envelope<T>;
  headers: Record<string, string | string[] | number | undefined>;
}

export async function call<T = unknown>(app: FastifyInstance, method: 'GET' | 'POST', url: string, options: CallOptions = {}): Promise<CallResult<T>> {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.token) headers['x-access-token'] = options.token;
  let payload: string | undefined;
  if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    payload = new URLSearchParams(options.form).toString();
  } else if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(options.json);
  }
  const response = await app.inject({ method, url, headers, payload, remoteAddress: options.ip ?? uniqueIp() });
  return { status: response.statusCode, body: response.json() as Envelope<T>, headers: response.headers };
}

export async function loginRaw(app: FastifyInstance, form: Record<string, string>, options: Omit<CallOptions, 'form'> = {}) {
  return call<{ headerName: string; token: string }>(app, 'POST', '/api/login/v3', { ...options, form });
}

/** Logs in and returns the token; fails the test with the server's message otherwise. */
export async function login(app: FastifyInstance, tenant: string, username: string, password = DEMO_PASSWORD): Promise<string> {
  const { body } = await loginRaw(app, { username, password, tenant });
  if (body.code !== 1) throw new Error(`login ${tenant}/${username} failed: ${body.code} ${body.msg}`);
  return body.data.token;
}

export async function tenantIdOf(db: Database, code: string): Promise<string> {
  const { rows } = await db.pool.query<{ id: string }>('SELECT id FROM tenants WHERE code = $1', [code]);
  if (!rows[0]) throw new Error(`no tenant ${code}`);
  return rows[0].id;
}

const hashes = new Map<string, Promise<string>>();

/**
 * A throwaway account for tests that change or lock users (the seeded ones are shared by all
 * test files). Inserted through the app role like any tenant write.
 */
export async function createUser(
  db: Database,
  tenant: string,
  options: { roles?: string[]; enabled?: boolean; password?: string; userType?: UserType } = {},
) {
  const tenantId = await tenantIdOf(db, tenant);
  const password = options.password ?? DEMO_PASSWORD;
  if (!hashes.has(password)) hashes.set(password, hashPassword(password));
  const passwordHash = await hashes.get(password)!;
  const id = uuidv7();
  const username = `u_${randomBytes(5).toString('hex')}`;
  await db.withTenant(tenantId, async (tx) => {
    await tx.insert(users).values({
      tenantId,
      id,
      username,
      passwordHash,
      name: '测试用户',
      userType: options.userType ?? '3',
      enabled: options.enabled ?? true,
    });
    const roleRows = options.roles?.length ? await tx.select({ id: roles.id }).from(roles).where(inArray(roles.code, options.roles)) : [];
    if (roleRows.length) await tx.insert(userRoles).values(roleRows.map((role) => ({ tenantId, userId: id, roleId: role.id })));
  });
  return { id, username, password, tenant, tenantId };
}

/**
 * Gives the school's parent accounts a usable account (账号初始化 done, as the demo schools' are): a
 * school of seedOwnSchool has its parents' rows without one (家庭信息's tests make the accounts), and
 * questionnaires, roles and notifications reach parents with one only.
 */
export async function initialiseParentAccounts(db: Database, tenantId: string): Promise<void> {
  await ownerQuery(db, `UPDATE users SET account_initialized_at = now() WHERE tenant_id = $1 AND user_type = '4' AND account_initialized_at IS NULL`, [tenantId]);
}

/**
 * Two new guardians of the student, both holding the 家长 role: one with a usable account (账号初始化
 * done), one without (家庭信息 keeps such guardians; they must be reached and counted by nothing).
 */
export async function guardiansWithAndWithoutAccount(db: Database, tenantId: string, studentId: string): Promise<{ withAccount: string; accountless: string }> {
  const withAccount = uuidv7();
  const accountless = uuidv7();
  await ownerQuery(
    db,
    `INSERT INTO users (tenant_id, id, username, password_hash, name, user_type, account_initialized_at)
     VALUES ($1, $2::uuid, $2::text, '!', '有账号家长', '4', now()), ($1, $3::uuid, $3::text, '!', '无账号家长', '4', NULL)`,
    [tenantId, withAccount, accountless],
  );
  await ownerQuery(
    db,
    `INSERT INTO user_roles (tenant_id, user_id, role_id, source) SELECT $1, p.id, r.id, 'manual' FROM roles r, unnest($2::uuid[]) AS p(id) WHERE r.tenant_id = $1 AND r.code = 'parent'`,
    [tenantId, [withAccount, accountless]],
  );
  await ownerQuery(db, `INSERT INTO parent_students (tenant_id, parent_id, student_id, relation) SELECT $1, p.id, $3, '父亲' FROM unnest($2::uuid[]) AS p(id)`, [
    tenantId,
    [withAccount, accountless],
    studentId,
  ]);
  return { withAccount, accountless };
}

/** RSA-OAEP(SHA-256) with the server's public key, as the client's jsencrypt encryptOAEP does. */
export async function encryptForServer(app: FastifyInstance, text: string): Promise<string> {
  const { body } = await call<{ publicKey: string }>(app, 'POST', '/api/security/get');
  return publicEncrypt({ key: body.data.publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(text)).toString(
    'base64',
  );
}

/**
 * A query as the database's owner (TestApp.db), for checks across tenants. The embedded cluster's
 * user is a superuser (bypasses RLS); with DATABASE_URL, give the tests a superuser too.
 */
export async function ownerQuery<R extends Record<string, unknown>>(db: Database, text: string, values: unknown[] = []): Promise<R[]> {
  return (await db.pool.query<R>(text, values)).rows;
}

/** POST /file/upload with these parts (the `file` parts plus `category`, the upload profile): the envelope as answered. */
export async function postUpload(app: FastifyInstance, token: string | undefined, parts: MultipartPart[], headers: Record<string, string> = {}): Promise<Envelope<UploadData>> {
  const { payload, contentType } = multipartBody(parts);
  const response = await app.inject({
    method: 'POST',
    url: '/file/upload',
    headers: { 'content-type': contentType, ...(token ? { 'x-access-token': token } : {}), ...headers },
    payload,
    remoteAddress: uniqueIp(),
  });
  return response.json() as Envelope<UploadData>;
}

/** Uploads one file (under the upload profile `category` when given); fails the test with the server's message otherwise. Its resId. */
export async function uploadFile(app: FastifyInstance, token: string, file: { filename: string; content: Buffer; category?: string }): Promise<string> {
  const category: MultipartPart[] = file.category ? [{ name: 'category', value: file.category }] : [];
  const body = await postUpload(app, token, [...category, { name: 'file', filename: file.filename, content: file.content }]);
  expect(body, body.msg).toMatchObject({ code: 1, result: true });
  return body.data[0]!.resId;
}

export interface OwnDatabase {
  url: string;
  /** the owner's access to it */
  db: Database;
  /** closes `db` and drops the database */
  drop(): Promise<void>;
}

/**
 * A database of the test file's own, next to the shared test database (same server), migrated (and
 * seeded with the demo schools unless `seedDemo: false`): for tests that change what is global to a
 * deployment, so the change never reaches the other test files.
 */
export async function openOwnDatabase(prefix: string, options: { seedDemo?: boolean; maxConnections?: number } = {}): Promise<OwnDatabase> {
  const scratch = await createDatabaseBeside(inject('databaseUrl'), prefix);
  const db = connectDatabase(scratch.url, { maxConnections: options.maxConnections ?? 3 });
  const drop = async () => {
    await db.close();
    await scratch.dispose();
  };
  try {
    await bootstrapDatabase(db, { seedDemo: options.seedDemo ?? true });
  } catch (error) {
    await drop();
    throw error;
  }
  return { url: scratch.url, db, drop };
}

/**
 * A school of the test file's own (by default the demo school's 七年级 only, seeded as of now), code
 * `<prefix><random hex>`. The seed stamps history (rolls, messages, scores, applications) with past
 * times; a file that compares the rows existing before it started (security/fuzz.test.ts) must not
 * count a school appearing meanwhile, so this school's rows are marked as changed now.
 */
export async function seedOwnSchool(db: Database, { prefix, ...overrides }: { prefix: string } & Partial<Omit<SchoolProfile, 'code' | 'hosts'>>): Promise<{ code: string; tenantId: string }> {
  const code = `${prefix}${randomBytes(3).toString('hex')}`;
  const profile = { ...DEMO_SCHOOL, grades: DEMO_SCHOOL.grades.filter((g) => g.level === 7), ...overrides, code, hosts: [`${code}.localhost`] };
  await seedSchool(db, profile, await hashPassword(DEMO_PASSWORD), new Date());
  const tenantId = await tenantIdOf(db, code);
  const stamped = await ownerQuery<{ table_name: string }>(
    db,
    `SELECT c.table_name FROM information_schema.columns c WHERE c.table_schema = 'public' AND c.column_name = 'tenant_id'
        AND EXISTS (SELECT 1 FROM information_schema.columns k WHERE k.table_schema = 'public' AND k.table_name = c.table_name AND k.column_name = 'updated_at')
        -- tables only: a view (student_records) writes through its trigger, which an UPDATE of updated_at alone does not fit
        AND EXISTS (SELECT 1 FROM information_schema.tables b WHERE b.table_schema = 'public' AND b.table_name = c.table_name AND b.table_type = 'BASE TABLE')`,
  );
  await ownerQuery(db, stamped.map(({ table_name }) => `UPDATE ${table_name} SET updated_at = now() WHERE tenant_id = '${tenantId}'`).join(';\n'));
  return { code, tenantId };
}

/**
 * Makes seedOwnSchool's students (seeded without 学生信息 records) enrolled: each but the demo `student`
 * account (tests log in as it, and leave it as seeded) gets a record and an open membership of their
 * current class from `since`. Answers `pupil(classId)`, which hands out each enrolled student of the class
 * once, so no two tests share one.
 */
export async function enrolSeededStudents(db: Database, tenantId: string, { since, boarding = false }: { since: string; boarding?: boolean }): Promise<(classId: string) => string> {
  const all = await ownerQuery<{ id: string; class_id: string }>(
    db,
    `SELECT id, org_unit_id class_id FROM users WHERE tenant_id = $1 AND user_type = '2' AND username <> 'student' ORDER BY user_no`,
    [tenantId],
  );
  await db.withTenant(tenantId, async (tx) => {
    await tx.insert(students).values(all.map((p) => ({ tenantId, userId: p.id, enrolmentDate: since, boarding })));
    await tx.insert(classMemberships).values(all.map((p) => ({ tenantId, id: uuidv7(), studentId: p.id, classId: p.class_id, fromDate: since })));
  });
  let free = all;
  return (classId) => {
    const found = free.find((p) => p.class_id === classId);
    if (!found) throw new Error(`no student of class ${classId} left`);
    free = free.filter((p) => p !== found);
    return found.id;
  };
}

/** A valid resident ID number (110101, Beijing) of someone born on `birth` (YYYY-MM-DD), `order` its three-digit sequence. */
export function residentIdNumber(birth: string, order: number): string {
  const first = `110101${birth.replaceAll('-', '')}${String(order % 1000).padStart(3, '0')}`;
  return first + idCheckDigit(first);
}

let newStudents = 0;
/**
 * 学生信息's save input (kit resource students) for a new student of `classId`: student number
 * `<tag><serial>` (a file finds and removes its own by its tag), a resident ID number of its own, studying,
 * day pupil; `over` replaces fields.
 */
export function newStudentInput(place: { tag: string; campusId: string; classId: string }, over: Record<string, unknown> = {}) {
  newStudents += 1;
  return {
    studentNo: `${place.tag}${String(newStudents).padStart(3, '0')}`,
    name: `测试${'甲乙丙丁戊己庚辛壬癸'[newStudents % 10]}`,
    pinyin: '',
    nameEn: '',
    gender: '1',
    birthDate: '2014-03-05',
    nationality: '156',
    idType: '1',
    idNumber: residentIdNumber('2014-03-05', newStudents),
    nativePlace: '',
    householdPlace: '',
    campusId: place.campusId,
    classId: place.classId,
    enrolmentDate: '2020-09-01',
    status: 'studying',
    boarding: false,
    photoFileId: '',
    phone: '',
    address: '',
    remark: '',
    ...over,
  };
}

/** Runs the last `statements` statements of a migration (its backfill) again as the owner, in one transaction. */
export async function rerunMigrationTail(db: Database, file: string, statements = 1): Promise<void> {
  const tail = fs.readFileSync(path.join(MIGRATIONS_FOLDER, file), 'utf8').split('--> statement-breakpoint').slice(-statements).join(';');
  const client = await db.pool.connect();
  try {
    await client.query(`BEGIN; ${tail}; COMMIT`);
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}

/** 学年学期's request bodies for a school year starting in September of `startYear`, and its first semester (calendar and graduation tests). */
export const schoolYearBody = (startYear: number) => ({
  code: `${startYear}-${startYear + 1}`,
  name: `${startYear}-${startYear + 1}学年`,
  startDate: `${startYear}-09-01`,
  endDate: `${startYear + 1}-08-31`,
});
export const firstSemesterBody = (schoolYearId: string, startYear: number, overrides: Record<string, unknown> = {}) => ({
  schoolYearId,
  code: `${startYear}-${startYear + 1}-1`,
  name: `${startYear}-${startYear + 1}学年第一学期`,
  year: startYear,
  startDate: `${startYear}-09-01`,
  endDate: `${startYear + 1}-01-24`,
  teachStartDate: `${startYear}-09-01`,
  teachEndDate: `${startYear + 1}-01-17`,
  weeks: 20,
  ...overrides,
});

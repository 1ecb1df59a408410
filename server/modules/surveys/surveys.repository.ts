import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnswerValues, Audience, OncePer, SurveyQuestion, SurveyTarget } from '../../../contracts/survey-rules';
import type { Tx } from '../../db/client';
import { datedRowsOf, uuids } from '../../db/rows';
import { questionnaires, surveyAnswers, surveyBank } from './surveys.table';

/**
 * SQL of questionnaires, their answers and the question bank (contracts/surveys.ts). Tenant scoping
 * comes from row-level security; joins still name tenant_id so the planner uses the (tenant_id, …) keys.
 * Questionnaires are aliased `q`, answers `a`.
 */

/** Raw statements answer timestamps as text: these columns become Dates. */
const { datedRows, datedFirst } = datedRowsOf(['starts_at', 'ends_at', 'published_at', 'created_at', 'updated_at', 'submitted_at', 'answered_at']);

export type QuestionnaireRecord = {
  id: string;
  title: string;
  description: string;
  starts_at: Date;
  ends_at: Date;
  audience: Audience;
  target: SurveyTarget;
  anonymous: boolean;
  once_per: OncePer;
  in_use: boolean;
  published: boolean;
  published_at: Date | null;
  questions: SurveyQuestion[];
  created_by: string | null;
  created_by_name: string;
  created_at: Date;
  version: number;
  answer_count: number;
};

const recordColumns = sql`q.id::text, q.title, q.description, q.starts_at, q.ends_at, q.audience, q.target, q.anonymous, q.once_per, q.in_use,
  q.published, q.published_at, q.questions, q.created_by::text, coalesce(cb.name, '') AS created_by_name, q.created_at, q.version,
  (SELECT count(*)::int FROM survey_answers a WHERE a.tenant_id = q.tenant_id AND a.questionnaire_id = q.id) AS answer_count`;
const recordFrom = sql`FROM questionnaires q LEFT JOIN users cb ON cb.tenant_id = q.tenant_id AND cb.id = q.created_by`;

export type AnswerRecord = { id: string; questionnaire_id: string; submitted_at: Date; once_key: string };

export type AnswerData = { id: string; values: AnswerValues; submitted_at: Date; org_unit_id: string | null };

export type AnswerListRow = AnswerData & { respondent_name: string; org_unit_name: string; total: number };

export type BankRecord = { id: string; category: string; question: SurveyQuestion; created_by_name: string; updated_at: Date; version: number; total?: number };

export type MineRecord = {
  id: string;
  title: string;
  starts_at: Date;
  ends_at: Date;
  anonymous: boolean;
  question_count: number;
  answered_at: Date | null;
  total: number;
};

export type PublicRecord = { id: string; title: string; description: string; starts_at: Date; ends_at: Date; question_count: number };

export interface QuestionnaireWrite {
  tenantId: string;
  id: string;
  title: string;
  description: string;
  startsAt: Date;
  endsAt: Date;
  audience: Audience;
  target: SurveyTarget;
  anonymous: boolean;
  oncePer: OncePer;
  questions: SurveyQuestion[];
  userId: string;
}

/** The columns a save writes, on insert and on update alike. */
const written = (w: QuestionnaireWrite) => ({
  title: w.title,
  description: w.description,
  startsAt: w.startsAt,
  endsAt: w.endsAt,
  audience: w.audience,
  target: w.target,
  anonymous: w.anonymous,
  oncePer: w.oncePer,
  questions: w.questions,
});

const likeOf = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const surveysRepository = {
  /** The list's condition on `q` (keyword, published, in use, time state at `now`, mine). */
  listWhere: (s: { keyword?: string; published?: string; inUse?: string; timeState?: string; mine?: boolean }, userId: string, now: Date): SQL => {
    const at = sql`${now.toISOString()}::timestamptz`;
    const where: SQL[] = [sql`true`];
    if (s.keyword) where.push(sql`q.title ILIKE ${likeOf(s.keyword)}`);
    if (s.published) where.push(sql`q.published = ${s.published === 'yes'}`);
    if (s.inUse) where.push(sql`q.in_use = ${s.inUse === 'yes'}`);
    if (s.timeState === 'not_started') where.push(sql`q.starts_at > ${at}`);
    if (s.timeState === 'started') where.push(sql`q.starts_at <= ${at} AND q.ends_at >= ${at}`);
    if (s.timeState === 'expired') where.push(sql`q.ends_at < ${at}`);
    if (s.mine) where.push(sql`q.created_by = ${userId}`);
    return sql.join(where, sql` AND `);
  },

  /** The bank list's condition on `b` (keyword in the title, kind, category). */
  bankWhere: (s: { keyword?: string; kind?: string; category?: string }): SQL => {
    const where: SQL[] = [sql`true`];
    if (s.keyword) where.push(sql`(b.question ->> 'title') ILIKE ${likeOf(s.keyword)}`);
    if (s.kind) where.push(sql`b.kind = ${s.kind}`);
    if (s.category) where.push(sql`b.category = ${s.category}`);
    return sql.join(where, sql` AND `);
  },

  find: (tx: Tx, id: string, lock = false) =>
    tx
      .execute<QuestionnaireRecord>(sql`SELECT ${recordColumns} ${recordFrom} WHERE q.id = ${id}${lock ? sql` FOR UPDATE OF q` : sql``}`)
      .then(datedFirst<QuestionnaireRecord>),

  findMany: (tx: Tx, ids: readonly string[]) =>
    tx.execute<QuestionnaireRecord>(sql`SELECT ${recordColumns} ${recordFrom} WHERE q.id = ANY(${uuids(ids)}) ORDER BY q.id FOR UPDATE OF q`).then(datedRows<QuestionnaireRecord>),

  page: (tx: Tx, where: SQL, offset: number, limit: number) =>
    tx
      .execute<QuestionnaireRecord & { total: number }>(
        sql`SELECT ${recordColumns}, count(*) OVER ()::int AS total ${recordFrom} WHERE ${where} ORDER BY q.created_at DESC, q.id DESC OFFSET ${offset} LIMIT ${limit}`,
      )
      .then(datedRows<QuestionnaireRecord & { total: number }>),

  count: (tx: Tx, where: SQL) => tx.execute<{ n: number }>(sql`SELECT count(*)::int AS n ${recordFrom} WHERE ${where}`).then((r) => r.rows[0]?.n ?? 0),

  /** Inserts a new questionnaire unless its id exists (a racing create); true when inserted. */
  insert: (tx: Tx, w: QuestionnaireWrite) =>
    tx
      .insert(questionnaires)
      .values({ tenantId: w.tenantId, id: w.id, ...written(w), inUse: true, published: false, createdBy: w.userId, updatedBy: w.userId })
      .onConflictDoNothing()
      .returning({ id: questionnaires.id })
      .then((rows) => rows.length > 0),

  update: (tx: Tx, w: QuestionnaireWrite) =>
    tx
      .update(questionnaires)
      .set({
        ...written(w),
        updatedBy: w.userId,
        updatedAt: sql`now()`,
        version: sql`${questionnaires.version} + 1`,
      })
      .where(eq(questionnaires.id, w.id)),

  setPublished: (tx: Tx, id: string, published: boolean, userId: string) =>
    tx
      .update(questionnaires)
      .set({
        published,
        // published_at / _by record the first publication (review M1: its messages go out once)
        publishedAt: sql`coalesce(${questionnaires.publishedAt}, ${published ? sql`now()` : sql`NULL`})`,
        publishedBy: sql`coalesce(${questionnaires.publishedBy}, ${published ? userId : null}::uuid)`,
        updatedBy: userId,
        updatedAt: sql`now()`,
        version: sql`${questionnaires.version} + 1`,
      })
      .where(eq(questionnaires.id, id)),

  setInUse: (tx: Tx, id: string, inUse: boolean, userId: string) =>
    tx
      .update(questionnaires)
      .set({ inUse, updatedBy: userId, updatedAt: sql`now()`, version: sql`${questionnaires.version} + 1` })
      .where(eq(questionnaires.id, id)),

  delete: (tx: Tx, ids: readonly string[]) => tx.delete(questionnaires).where(inArray(questionnaires.id, [...ids])),

  /** The user holds the administrator role. */
  isAdmin: (tx: Tx, userId: string) =>
    tx
      .execute(sql`SELECT 1 FROM user_roles ur JOIN roles r ON r.tenant_id = ur.tenant_id AND r.id = ur.role_id WHERE ur.user_id = ${userId} AND r.code = 'admin'`)
      .then((r) => r.rows.length > 0),

  /** Display names of a target's users, orgs and roles. */
  targetNames: async (tx: Tx, target: SurveyTarget, en: boolean) => {
    const people = target.userIds.length
      ? (await tx.execute<{ id: string; name: string }>(sql`SELECT id::text, name FROM users WHERE id = ANY(${uuids(target.userIds)})`)).rows
      : [];
    const orgs = target.orgIds.length
      ? (
          await tx.execute<{ id: string; name: string }>(
            sql`SELECT id::text, ${en ? sql`coalesce(nullif(name_en, ''), name)` : sql`name`} AS name FROM org_units WHERE id = ANY(${uuids(target.orgIds)})`,
          )
        ).rows
      : [];
    const roles = target.roleCodes.length
      ? (
          await tx.execute<{ id: string; name: string }>(
            sql`SELECT code AS id, ${en ? sql`coalesce(nullif(name_en, ''), name)` : sql`name`} AS name FROM roles WHERE code = ANY(${sql.param([...target.roleCodes])}::text[])`,
          )
        ).rows
      : [];
    const map = (rows: { id: string; name: string }[]) => Object.fromEntries(rows.map((row) => [row.id, row.name]));
    return { userIds: map(people), orgIds: map(orgs), roleCodes: map(roles) };
  },

  schoolName: (tx: Tx) => tx.execute<{ name: string; name_en: string }>(sql`SELECT name, name_en FROM school_info LIMIT 1`).then((r) => r.rows[0]),

  /* ------------------------------------------------------------ answers */

  findAnswer: (tx: Tx, id: string) =>
    tx
      .execute<AnswerRecord>(sql`SELECT id::text, questionnaire_id::text, submitted_at, once_key FROM survey_answers WHERE id = ${id}`)
      .then(datedFirst<AnswerRecord>),

  findAnswerByKey: (tx: Tx, questionnaireId: string, onceKeys: readonly string[]) =>
    onceKeys.length === 0
      ? Promise.resolve(undefined)
      : tx
          .execute<AnswerRecord>(
            sql`SELECT id::text, questionnaire_id::text, submitted_at, once_key FROM survey_answers
                 WHERE questionnaire_id = ${questionnaireId} AND once_key = ANY(${sql.param([...onceKeys])}::text[]) ORDER BY submitted_at LIMIT 1`,
          )
          .then(datedFirst<AnswerRecord>),

  /** Inserts the answer unless its id or once-key exists; true when inserted. */
  insertAnswer: async (tx: Tx, row: typeof surveyAnswers.$inferInsert) => {
    const inserted = await tx.insert(surveyAnswers).values(row).onConflictDoNothing().returning({ id: surveyAnswers.id });
    return inserted.length > 0;
  },

  /** Answers of a questionnaire (oldest first), optionally only from an org subtree. */
  answers: (tx: Tx, questionnaireId: string, orgs?: readonly string[]) =>
    tx
      .execute<AnswerData>(
        sql`SELECT a.id::text, a.values, a.submitted_at, a.org_unit_id::text FROM survey_answers a
             WHERE a.questionnaire_id = ${questionnaireId}${orgs ? sql` AND a.org_unit_id = ANY(${uuids(orgs)})` : sql``}
             ORDER BY a.submitted_at, a.id`,
      )
      .then(datedRows<AnswerData>),

  /** Orgs answers came from, with counts. */
  answerOrgs: (tx: Tx, questionnaireId: string, en: boolean) =>
    tx
      .execute<{ id: string; name: string; count: number }>(
        sql`SELECT o.id::text, ${en ? sql`coalesce(nullif(o.name_en, ''), o.name)` : sql`o.name`} AS name, count(*)::int AS count
              FROM survey_answers a JOIN org_units o ON o.tenant_id = a.tenant_id AND o.id = a.org_unit_id
             WHERE a.questionnaire_id = ${questionnaireId}
             GROUP BY o.id, o.name, o.name_en, o.sort, o.code ORDER BY o.sort, o.code`,
      )
      .then((r) => r.rows),

  /** Table A of raw answers (newest first) with who and where; `limit` null: all. */
  answerPage: (tx: Tx, questionnaireId: string, orgs: readonly string[] | undefined, offset: number, limit: number | null, en: boolean) =>
    tx
      .execute<AnswerListRow>(
        sql`SELECT a.id::text, a.values, a.submitted_at, a.org_unit_id::text, coalesce(u.name, '') AS respondent_name,
                   coalesce(${en ? sql`nullif(o.name_en, '')` : sql`NULL`}, o.name, '') AS org_unit_name, count(*) OVER ()::int AS total
              FROM survey_answers a
              LEFT JOIN users u ON u.tenant_id = a.tenant_id AND u.id = a.respondent_id
              LEFT JOIN org_units o ON o.tenant_id = a.tenant_id AND o.id = a.org_unit_id
             WHERE a.questionnaire_id = ${questionnaireId}${orgs ? sql` AND a.org_unit_id = ANY(${uuids(orgs)})` : sql``}
             ORDER BY a.submitted_at DESC, a.id DESC OFFSET ${offset}${limit === null ? sql`` : sql` LIMIT ${limit}`}`,
      )
      .then(datedRows<AnswerListRow>),

  /** Files of these ids (picture answers are checked against them). */
  files: (tx: Tx, ids: readonly string[]) =>
    ids.length === 0
      ? Promise.resolve([])
      : tx.execute<{ id: string; name: string; category: string }>(sql`SELECT id::text, name, category FROM files WHERE id = ANY(${uuids(ids)})`).then((r) => r.rows),

  /** How many pictures are stored for this answer (files named by pictureName). */
  pictureCount: (tx: Tx, questionnaireId: string, answerId: string) =>
    tx
      .execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM files WHERE category = 'surveyPicture' AND name LIKE ${`survey-${questionnaireId}-${answerId}.%`}`)
      .then((r) => r.rows[0]?.n ?? 0),

  /** The pictures uploaded for these questionnaires' answers (deleted with them). */
  picturesOf: (tx: Tx, questionnaireIds: readonly string[]) =>
    tx
      .execute<{ id: string; path: string }>(
        sql`SELECT id::text, path FROM files WHERE category = 'surveyPicture' AND name LIKE ANY(${sql.param(questionnaireIds.map((id) => `survey-${id}-%`))}::text[])`,
      )
      .then((r) => r.rows),

  /**
   * Removes the tenant's survey pictures older than `hours` that no filed answer refers to (an upload
   * whose answer was never sent, or a picture taken out before sending); their paths, for the bytes.
   */
  sweepPictures: (tx: Tx, hours: number, limit: number) =>
    tx
      .execute<{ path: string }>(
        sql`DELETE FROM files f WHERE f.id IN (
              SELECT f2.id FROM files f2
               WHERE f2.category = 'surveyPicture' AND f2.created_at < now() - make_interval(hours => ${hours})
                 AND NOT EXISTS (SELECT 1 FROM survey_answers a
                                  WHERE a.tenant_id = f2.tenant_id
                                    AND a.id::text = substring(f2.name from '^survey-[0-9a-f-]{36}-([0-9a-f-]{36})\.')
                                    AND strpos(a.values::text, f2.id::text) > 0)
               LIMIT ${limit})
            RETURNING f.path`,
      )
      .then((r) => r.rows.map((row) => row.path)),

  /* ------------------------------------------------------------ answering lists */

  /** Published, in-use questionnaires satisfying `visible` (on q), with the caller's answer time (`answered` on a). */
  minePage: (tx: Tx, visible: SQL, answered: SQL, filters: SQL[], offset: number, limit: number, now: Date) =>
    tx
      .execute<MineRecord>(
        sql`SELECT * FROM (
              SELECT q.id::text, q.title, q.starts_at, q.ends_at, q.anonymous, jsonb_array_length(q.questions)::int AS question_count,
                     (SELECT min(a.submitted_at) FROM survey_answers a WHERE a.tenant_id = q.tenant_id AND a.questionnaire_id = q.id AND ${answered}) AS answered_at
                FROM questionnaires q WHERE q.published AND q.in_use AND ${visible}) m
             WHERE ${filters.length ? sql.join(filters, sql` AND `) : sql`true`}
             ORDER BY (m.ends_at < ${now.toISOString()}::timestamptz), m.ends_at, m.id
             OFFSET ${offset} LIMIT ${limit}`,
      )
      .then(datedRows<MineRecord>),

  mineCount: (tx: Tx, visible: SQL, answered: SQL, filters: SQL[]) =>
    tx
      .execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM (
              SELECT q.id, q.title, (SELECT min(a.submitted_at) FROM survey_answers a WHERE a.tenant_id = q.tenant_id AND a.questionnaire_id = q.id AND ${answered}) AS answered_at
                FROM questionnaires q WHERE q.published AND q.in_use AND ${visible}) m
             WHERE ${filters.length ? sql.join(filters, sql` AND `) : sql`true`}`,
      )
      .then((r) => r.rows[0]?.n ?? 0),

  /** Open public questionnaires: published, in use, everyone, not ended (at `now`, the server's clock). */
  publicList: (tx: Tx, now: Date) =>
    tx
      .execute<PublicRecord>(
        sql`SELECT q.id::text, q.title, q.description, q.starts_at, q.ends_at, jsonb_array_length(q.questions)::int AS question_count
              FROM questionnaires q WHERE q.published AND q.in_use AND q.audience = 'everyone' AND q.ends_at >= ${now.toISOString()}::timestamptz AND jsonb_array_length(q.questions) > 0
             ORDER BY q.ends_at, q.id LIMIT 200`,
      )
      .then(datedRows<PublicRecord>),

  /* ------------------------------------------------------------ the bank */

  bankPage: (tx: Tx, where: SQL, offset: number, limit: number) =>
    tx
      .execute<BankRecord & { total: number }>(
        sql`SELECT b.id::text, b.category, b.question, coalesce(u.name, '') AS created_by_name, b.updated_at, b.version, count(*) OVER ()::int AS total
              FROM survey_bank b LEFT JOIN users u ON u.tenant_id = b.tenant_id AND u.id = b.created_by
             WHERE ${where} ORDER BY b.category, b.created_at, b.id OFFSET ${offset} LIMIT ${limit}`,
      )
      .then(datedRows<BankRecord & { total: number }>),

  bankCount: (tx: Tx, where: SQL) => tx.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM survey_bank b WHERE ${where}`).then((r) => r.rows[0]?.n ?? 0),

  bankFind: (tx: Tx, id: string) =>
    tx
      .execute<BankRecord>(
        sql`SELECT b.id::text, b.category, b.question, coalesce(u.name, '') AS created_by_name, b.updated_at, b.version
              FROM survey_bank b LEFT JOIN users u ON u.tenant_id = b.tenant_id AND u.id = b.created_by WHERE b.id = ${id} FOR UPDATE OF b`,
      )
      .then(datedFirst<BankRecord>),

  bankInsert: (tx: Tx, tenantId: string, question: SurveyQuestion, category: string, userId: string) =>
    tx.insert(surveyBank).values({ tenantId, id: question.id, kind: question.kind, category, question, createdBy: userId, updatedBy: userId }),

  bankUpdate: (tx: Tx, question: SurveyQuestion, category: string, userId: string) =>
    tx
      .update(surveyBank)
      .set({ kind: question.kind, category, question, updatedBy: userId, updatedAt: sql`now()`, version: sql`${surveyBank.version} + 1` })
      .where(eq(surveyBank.id, question.id)),

  bankDelete: (tx: Tx, ids: readonly string[]) =>
    tx.delete(surveyBank).where(and(inArray(surveyBank.id, [...ids]))).returning({ id: surveyBank.id }),
};

import { boolean, foreignKey, index, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { AUDIENCES, type AnswerValues, ONCE_PER, QUESTION_KINDS, type SurveyQuestion, type SurveyTarget } from '../../../contracts/survey-rules';
import { auditColumns, tenantIdColumn, timestamptz } from '../../db/columns';
import { orgUnits } from '../school/school.table';
import { users } from '../users/users.table';

/**
 * Questionnaires (SPEC §1 'Communication', §4 in use / published / started-expired). The questions
 * live in the row (`questions`, validated by contracts/surveys.ts): the builder saves a questionnaire
 * as a whole, under one version, and answers refer to question ids inside it.
 */
export const questionnaires = pgTable(
  'questionnaires',
  {
    tenantId: tenantIdColumn(),
    id: uuid('id').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    startsAt: timestamptz('starts_at').notNull(),
    endsAt: timestamptz('ends_at').notNull(),
    audience: text('audience', { enum: AUDIENCES }).notNull(),
    /** targeted: who it reaches (contracts/survey-rules.ts SurveyTarget) */
    target: jsonb('target').$type<SurveyTarget>().notNull().default({ userIds: [], orgIds: [], roleCodes: [] }),
    /** anonymous: answers keep no respondent (a per-person survey keeps only a one-way key) */
    anonymous: boolean('anonymous').notNull().default(true),
    oncePer: text('once_per', { enum: ONCE_PER }).notNull().default('device'),
    inUse: boolean('in_use').notNull().default(true),
    published: boolean('published').notNull().default(false),
    publishedAt: timestamptz('published_at'),
    publishedBy: uuid('published_by'),
    questions: jsonb('questions').$type<SurveyQuestion[]>().notNull().default([]),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('questionnaires_tenant_published_idx').on(t.tenantId, t.published, t.endsAt),
    index('questionnaires_tenant_created_by_idx').on(t.tenantId, t.createdBy),
  ],
);

/**
 * One answer. `id` is the answer id the answer page made when it opened (idempotency: the same id
 * again is the same answer). `onceKey` enforces one answer per person ('u:' + user id, or for an
 * anonymous survey 'h:' + a hash of survey and user) or per device ('d:' + device id).
 */
export const surveyAnswers = pgTable(
  'survey_answers',
  {
    tenantId: tenantIdColumn(),
    id: uuid('id').notNull(),
    questionnaireId: uuid('questionnaire_id').notNull(),
    /** named surveys: who answered; anonymous: null */
    respondentId: uuid('respondent_id'),
    onceKey: text('once_key').notNull(),
    /** the respondent's class (students; parents: their child's) or department (staff), for filters */
    orgUnitId: uuid('org_unit_id'),
    values: jsonb('values').$type<AnswerValues>().notNull(),
    /** public page: the client's address (abuse review), '' in the app */
    address: text('address').notNull().default(''),
    submittedAt: timestamptz('submitted_at').notNull().defaultNow(),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('survey_answers_once_key').on(t.tenantId, t.questionnaireId, t.onceKey),
    index('survey_answers_tenant_questionnaire_idx').on(t.tenantId, t.questionnaireId, t.submittedAt),
    foreignKey({ name: 'survey_answers_questionnaire_fk', columns: [t.tenantId, t.questionnaireId], foreignColumns: [questionnaires.tenantId, questionnaires.id] }).onDelete('cascade'),
    foreignKey({ name: 'survey_answers_respondent_fk', columns: [t.tenantId, t.respondentId], foreignColumns: [users.tenantId, users.id] }),
    foreignKey({ name: 'survey_answers_org_unit_fk', columns: [t.tenantId, t.orgUnitId], foreignColumns: [orgUnits.tenantId, orgUnits.id] }),
  ],
);

/** The question bank (/pztm/pztm): questions reusable across questionnaires; `id` = the question's id. */
export const surveyBank = pgTable(
  'survey_bank',
  {
    tenantId: tenantIdColumn(),
    id: uuid('id').notNull(),
    kind: text('kind', { enum: QUESTION_KINDS }).notNull(),
    category: text('category').notNull().default(''),
    question: jsonb('question').$type<SurveyQuestion>().notNull(),
    ...auditColumns(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('survey_bank_tenant_kind_idx').on(t.tenantId, t.kind, t.category)],
);

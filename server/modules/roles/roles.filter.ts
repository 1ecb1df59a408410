import { type SQL, sql } from 'drizzle-orm';
import { parse } from 'libpg-query';
import { ROLE_FILTER_TIMEOUT_MS, type RoleFilterCatalog, type RoleFilterKind, type RoleFilterProblem } from '../../../contracts/roles';
import type { Database, Tx } from '../../db/client';
import { pgErrorCode } from '../../db/unique';
import { hasUsableAccount, notAccountlessGuardian } from '../users/usable-account';
import { isUuid } from '../../../contracts/ids';

/**
 * Dynamic roles' filters (contracts/roles.ts). Two layers:
 * 1. `validateFilter`: the real PostgreSQL parser (libpg-query); exactly one SELECT that writes
 *    nothing, reads only the relations of FILTER_RELATIONS (or its own CTEs), calls only
 *    FILTER_FUNCTIONS and casts only to FILTER_TYPES. The whole tree is walked generically.
 * 2. `runFilter`: the database. The school's own rows (row-level security, as the app role) are
 *    copied into temporary tables; the filter runs as xiaowu_role_filter (no right on any table of
 *    ours), read-only, with a statement timeout, inside role_filters.xiaowu_run_filter (a
 *    security-definer function, where PostgreSQL refuses any change of role). Migration 0020.
 */

export class RoleFilterError extends Error {
  constructor(
    readonly problem: RoleFilterProblem,
    /**
     * Shown to the caller: what the parser said of the filter's own text, the offending name, or the
     * SQLSTATE of a database refusal (never the database's text: it can carry values and names).
     */
    readonly detail = '',
    /** the database's own text of a refusal: for the server log only */
    readonly databaseText = '',
  ) {
    super(`${problem}${detail ? `: ${detail}` : ''}`);
  }
}

/** A database refusal of a filter, for the server log (server/main.ts sends it to the app's logger). */
export interface FilterRefusalReport {
  tenantId: string;
  sqlstate: string;
  problem: RoleFilterProblem;
  databaseText: string;
}
let reportRefusal: (report: FilterRefusalReport) => void = () => undefined;

/** Sends database refusals to `report` (the server log); returns the undo. */
export function onFilterRefusal(report: (report: FilterRefusalReport) => void): () => void {
  reportRefusal = report;
  return () => {
    if (reportRefusal === report) reportRefusal = () => undefined;
  };
}

/**
 * What a caller is told of a database refusal, by SQLSTATE (class): the timeout, a right the filter
 * lacks (other tables, writes, settings: 42501, class 25 read-only transaction, 0A000), a value it cannot handle
 * (class 22: a text cast to a number or id, a division by zero), a name, type or construct the
 * database does not know (the rest of class 42), else 'failed'. The SQLSTATE is the detail.
 */
export function refusalProblem(sqlstate: string, kind: RoleFilterKind): RoleFilterProblem {
  if (sqlstate === '57014') return 'timeout';
  if (sqlstate === '42501' || sqlstate.startsWith('25') || sqlstate === '0A000') return 'permission';
  if (sqlstate === '42883' && kind === 'procedure') return 'procedure';
  if (sqlstate.startsWith('22')) return 'value';
  if (sqlstate.startsWith('42')) return 'invalid';
  return 'failed';
}

/** The temporary tables a filter reads, built from the school's rows (the columns a filter may use). */
export const FILTER_RELATIONS: readonly { name: string; columns: readonly { name: string; type: string; note: string }[] }[] = [
  {
    name: 'people',
    columns: [
      { name: 'id', type: 'uuid', note: '用户 id / user id' },
      { name: 'name', type: 'text', note: '姓名 / name' },
      { name: 'user_type', type: 'text', note: "1 管理员 admin, 2 学生 student, 3 教职工 staff, 4 家长 parent" },
      { name: 'enabled', type: 'boolean', note: '启用 / enabled' },
      { name: 'gender', type: 'text', note: '1 男 male, 2 女 female' },
      { name: 'org_unit_id', type: 'uuid', note: '所在部门或班级 / department or class (orgs.id)' },
      { name: 'campus_id', type: 'uuid', note: '校区 / campus (campuses.id)' },
    ],
  },
  {
    name: 'orgs',
    columns: [
      { name: 'id', type: 'uuid', note: '' },
      { name: 'parent_id', type: 'uuid', note: '上级 / parent' },
      { name: 'kind', type: 'text', note: 'school, department, grade, class' },
      { name: 'code', type: 'text', note: '代码 / code' },
      { name: 'name', type: 'text', note: '名称 / name' },
      { name: 'grade_level', type: 'integer', note: '年级 1-9 / grade level' },
      { name: 'campus_id', type: 'uuid', note: '' },
      { name: 'graduated', type: 'boolean', note: '已毕业 / graduated' },
    ],
  },
  {
    name: 'duties',
    columns: [
      { name: 'user_id', type: 'uuid', note: '' },
      { name: 'org_unit_id', type: 'uuid', note: '' },
      { name: 'duty', type: 'text', note: 'head_teacher 班主任, subject_teacher 任课教师, grade_leader 年级组长, department_head 部门负责人' },
      { name: 'subject', type: 'text', note: '学科 / subject' },
    ],
  },
  {
    name: 'parents',
    columns: [
      { name: 'parent_id', type: 'uuid', note: '' },
      { name: 'student_id', type: 'uuid', note: '' },
      { name: 'relation', type: 'text', note: '关系 / relation' },
    ],
  },
  {
    name: 'campuses',
    columns: [
      { name: 'id', type: 'uuid', note: '' },
      { name: 'code', type: 'text', note: '' },
      { name: 'name', type: 'text', note: '' },
    ],
  },
  {
    name: 'person_roles',
    columns: [
      { name: 'user_id', type: 'uuid', note: '手工分配的角色成员 / members assigned by hand' },
      { name: 'role_code', type: 'text', note: '角色编码 / role code' },
    ],
  },
];
const RELATION_NAMES = new Set(FILTER_RELATIONS.map((r) => r.name));
/** every column of FILTER_RELATIONS (a qualified name p.x must end in a column: L1 of the issue-10 review) */
const KNOWN_COLUMNS = FILTER_RELATIONS.flatMap((r) => r.columns.map((c) => c.name.toLowerCase()));

/**
 * Builds the run's temporary tables as FILTER_RELATIONS describes them (roles.filter.test.ts checks
 * they match), from the school's rows only (row-level security), granted to the filter role alone.
 */
export const FILTER_TABLES: readonly SQL[] = [
  // a guardian without a usable account (家庭信息 keeps them) is nobody a role can hold
  sql`CREATE TEMPORARY TABLE people ON COMMIT DROP AS
      SELECT id, name, user_type::text AS user_type, enabled, gender::text AS gender, org_unit_id, campus_id FROM users u
       WHERE ${notAccountlessGuardian('u')}`,
  sql`CREATE TEMPORARY TABLE orgs ON COMMIT DROP AS
      SELECT id, parent_id, kind::text AS kind, code, name, grade_level, campus_id, graduated FROM org_units`,
  sql`CREATE TEMPORARY TABLE duties ON COMMIT DROP AS SELECT user_id, org_unit_id, duty::text AS duty, subject FROM staff_duties`,
  sql`CREATE TEMPORARY TABLE parents ON COMMIT DROP AS SELECT ps.parent_id, ps.student_id, ps.relation FROM parent_students ps
      JOIN users u ON u.tenant_id = ps.tenant_id AND u.id = ps.parent_id WHERE ${hasUsableAccount('u')}`,
  sql`CREATE TEMPORARY TABLE campuses ON COMMIT DROP AS SELECT id, code, name FROM campuses`,
  sql`CREATE TEMPORARY TABLE person_roles ON COMMIT DROP AS
      SELECT ur.user_id, r.code AS role_code FROM user_roles ur JOIN roles r ON r.tenant_id = ur.tenant_id AND r.id = ur.role_id WHERE ur.source = 'manual'`,
  sql`ALTER TABLE pg_temp.people ADD PRIMARY KEY (id)`,
  sql`GRANT SELECT ON pg_temp.people, pg_temp.orgs, pg_temp.duties, pg_temp.parents, pg_temp.campuses, pg_temp.person_roles TO xiaowu_role_filter`,
];

/** Harmless functions a filter may call: text, dates, numbers, aggregates, windows, arrays, series. */
export const FILTER_FUNCTIONS: readonly string[] = [
  // text
  'lower', 'upper', 'initcap', 'trim', 'btrim', 'ltrim', 'rtrim', 'length', 'char_length', 'character_length', 'octet_length',
  'substring', 'substr', 'position', 'strpos', 'replace', 'translate', 'concat', 'concat_ws', 'left', 'right', 'split_part',
  'starts_with', 'lpad', 'rpad', 'reverse', 'repeat', 'format', 'overlay', 'normalize', 'regexp_replace', 'regexp_like',
  'regexp_match', 'regexp_count', 'regexp_substr', 'md5',
  // dates and times
  'now', 'date_trunc', 'date_part', 'extract', 'age', 'make_date', 'make_interval', 'to_char', 'to_date', 'to_timestamp',
  'to_number', 'timezone', 'date_bin', 'isfinite', 'justify_days',
  // numbers
  'abs', 'round', 'floor', 'ceil', 'ceiling', 'mod', 'trunc', 'sign', 'power', 'sqrt', 'div', 'width_bucket',
  // aggregates and windows
  'count', 'sum', 'min', 'max', 'avg', 'bool_and', 'bool_or', 'every', 'string_agg', 'array_agg',
  'row_number', 'rank', 'dense_rank', 'percent_rank', 'ntile', 'lag', 'lead', 'first_value', 'last_value',
  // arrays and sets
  'unnest', 'array_length', 'cardinality', 'array_position', 'array_remove', 'array_append', 'array_cat', 'string_to_array',
  'array_to_string', 'generate_series',
];
const FUNCTION_NAMES = new Set(FILTER_FUNCTIONS);

/** Types a filter may cast to. */
const FILTER_TYPES = new Set([
  'uuid', 'text', 'varchar', 'bpchar', 'char', 'name', 'int', 'int2', 'int4', 'int8', 'integer', 'smallint', 'bigint', 'numeric', 'decimal',
  'bool', 'boolean', 'date', 'time', 'timestamp', 'timestamptz', 'interval', 'float4', 'float8', 'real',
]);

/**
 * Keywords that name the connection (login, role, database, schema): no business of a filter, and a
 * filter returning one would show it in the refusal ('not_ids'). CURRENT_DATE and the like stay.
 */
const CONNECTION_VALUES = new Set(['SVFOP_SESSION_USER', 'SVFOP_CURRENT_USER', 'SVFOP_USER', 'SVFOP_CURRENT_ROLE', 'SVFOP_CURRENT_CATALOG', 'SVFOP_CURRENT_SCHEMA']);

/** Statement kinds that write (anywhere in the tree: 'writes'). */
const WRITING = new Set(['InsertStmt', 'UpdateStmt', 'DeleteStmt', 'MergeStmt']);
/** Expression and range kinds refused outright (XML parsing, XMLTABLE). */
const REFUSED_NODES = new Set(['XmlExpr', 'XmlSerialize', 'RangeTableFunc']);

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Node = { [key: string]: Json };

const stringsOf = (list: Json | undefined): string[] =>
  Array.isArray(list) ? list.flatMap((item) => (item && typeof item === 'object' && !Array.isArray(item) && item.String && typeof item.String === 'object' && !Array.isArray(item.String) ? [String(item.String.sval ?? '')] : [])) : [];

/**
 * Layer 1: validates a SELECT filter with the PostgreSQL parser. Throws RoleFilterError with the
 * first problem found (in a stable order: syntax, statement kind, writes, relations, functions,
 * columns).
 */
export async function validateSelectFilter(text: string): Promise<void> {
  let tree: { stmts?: { stmt?: Node }[] };
  try {
    tree = (await parse(text)) as typeof tree;
  } catch (error) {
    throw new RoleFilterError('syntax', error instanceof Error ? error.message : String(error));
  }
  const statements = tree.stmts ?? [];
  if (statements.length !== 1 || !statements[0]?.stmt) throw new RoleFilterError('not_select', String(statements.length));
  const root = statements[0].stmt;
  const kind = Object.keys(root)[0] ?? '';
  if (WRITING.has(kind)) throw new RoleFilterError('writes', kind);
  if (kind !== 'SelectStmt') throw new RoleFilterError('not_select', kind);

  const problems: { writes: string[]; notSelect: string[]; relation: string[]; fn: string[] } = { writes: [], notSelect: [], relation: [], fn: [] };
  const cteNames = new Set<string>();
  const relations: string[] = [];
  /** qualified column references (p.x, (p).x) and every column name the filter can see or define */
  const qualified: string[] = [];
  const columnNames = new Set(KNOWN_COLUMNS);

  const visit = (value: Json, key: string): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item, key);
      return;
    }
    if (!value || typeof value !== 'object') return;
    const node = value;
    switch (key) {
      case 'InsertStmt':
      case 'UpdateStmt':
      case 'DeleteStmt':
      case 'MergeStmt':
        problems.writes.push(key);
        break;
      case 'SelectStmt':
        if (node.intoClause) problems.notSelect.push('SELECT INTO');
        if (Array.isArray(node.lockingClause) && node.lockingClause.length > 0) problems.notSelect.push('FOR UPDATE / FOR SHARE');
        break;
      case 'CommonTableExpr':
        if (typeof node.ctename === 'string') cteNames.add(node.ctename);
        for (const name of stringsOf(node.aliascolnames)) columnNames.add(name.toLowerCase());
        break;
      case 'RangeVar': {
        const name = typeof node.relname === 'string' ? node.relname : '';
        const qualified = [node.catalogname, node.schemaname].filter((part) => typeof part === 'string' && part !== '');
        relations.push(qualified.length ? [...qualified, name].join('.') : name);
        break;
      }
      case 'FuncCall': {
        const names = stringsOf(node.funcname);
        const last = names[names.length - 1] ?? '';
        // SQL-syntax functions (EXTRACT, POSITION, SUBSTRING, TRIM, AT TIME ZONE…) come schema-qualified by the parser
        const sqlSyntax = node.funcformat === 'COERCE_SQL_SYNTAX' && names.length === 2 && names[0] === 'pg_catalog';
        if ((names.length !== 1 && !sqlSyntax) || !FUNCTION_NAMES.has(last.toLowerCase())) problems.fn.push(names.join('.'));
        break;
      }
      case 'ColumnRef': {
        // a qualified name (p.x) whose last part is no column is PostgreSQL's attribute notation for a
        // function call (p.to_json = to_json(p)): checked against the known column names below
        const fields = Array.isArray(node.fields) ? node.fields : [];
        const names = stringsOf(fields);
        if (fields.length >= 2 && names.length === fields.length) qualified.push(names.join('.'));
        break;
      }
      case 'A_Indirection': {
        // (p).to_json: the same attribute notation through an indirection
        const parts = stringsOf(node.indirection);
        for (const part of parts) qualified.push(`().${part}`);
        break;
      }
      case 'SQLValueFunction':
        if (typeof node.op === 'string' && CONNECTION_VALUES.has(node.op)) problems.fn.push(node.op.replace('SVFOP_', '').toLowerCase());
        break;
      case 'ResTarget':
        if (typeof node.name === 'string') columnNames.add(node.name.toLowerCase());
        break;
      case 'Alias':
      case 'alias':
        for (const name of stringsOf(node.colnames)) columnNames.add(name.toLowerCase());
        break;
      case 'typeName':
      case 'TypeName': {
        const names = stringsOf(node.names);
        const last = names[names.length - 1] ?? '';
        const builtin = names.length === 1 || (names.length === 2 && names[0] === 'pg_catalog');
        if (!builtin || !FILTER_TYPES.has(last.toLowerCase())) problems.fn.push(`::${names.join('.')}`);
        break;
      }
      default:
        if (key.endsWith('Stmt') && key !== 'SelectStmt') problems.notSelect.push(key);
        if (REFUSED_NODES.has(key)) problems.fn.push(key);
    }
    for (const [childKey, child] of Object.entries(node)) visit(child, childKey);
  };
  visit(root, kind);

  if (problems.writes.length) throw new RoleFilterError('writes', problems.writes[0]);
  if (problems.notSelect.length) throw new RoleFilterError('not_select', problems.notSelect[0]);
  for (const name of cteNames) if (name.toLowerCase().startsWith('pg_')) throw new RoleFilterError('relation', name);
  const refused = relations.find((name) => !RELATION_NAMES.has(name) && !cteNames.has(name));
  if (refused !== undefined) throw new RoleFilterError('relation', refused);
  const attribute = qualified.find((name) => !columnNames.has((name.split('.').pop() ?? '').toLowerCase()));
  if (attribute !== undefined) problems.fn.push(attribute);
  if (problems.fn.length) throw new RoleFilterError('function', problems.fn[0]);

  // one column, when the select list says so (a star is checked when it runs)
  const select = root.SelectStmt as Node;
  const first = outermostSelect(select);
  const targets = Array.isArray(first?.targetList) ? first.targetList : [];
  const star = JSON.stringify(targets).includes('"A_Star"');
  if (!star && targets.length !== 1) throw new RoleFilterError('columns', String(targets.length));
}

/** The leftmost plain SELECT of a UNION / INTERSECT / EXCEPT (it names the columns). */
function outermostSelect(select: Node | undefined): Node | undefined {
  let current = select;
  while (current && current.op && current.op !== 'SETOP_NONE' && current.larg && typeof current.larg === 'object' && !Array.isArray(current.larg)) {
    current = current.larg as Node;
  }
  return current;
}

const PROCEDURE_NAME = /^[a-z_][a-z0-9_]*$/;

/** The procedures of schema role_filters a filter may name (three text parameters), read by the app role. */
export async function filterProcedures(tx: Tx): Promise<RoleFilterCatalog['procedures']> {
  const { rows } = await tx.execute<{ name: string; params: string[]; note: string | null }>(sql`
    SELECT p.proname AS name, coalesce(p.proargnames, ARRAY[]::text[]) AS params, obj_description(p.oid, 'pg_proc') AS note
    FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
    WHERE n.nspname = 'role_filters' AND p.pronargs = 3 AND p.proargtypes = '25 25 25'::oidvector AND p.proretset
    ORDER BY p.proname`);
  return rows.map((row) => ({ name: row.name, params: row.params.map((param) => param.replace(/^p_/, '')), note: row.note ?? '' }));
}

/** Validates a filter of either kind (a procedure must exist in role_filters with three text parameters). */
export async function validateFilter(tx: Tx, kind: RoleFilterKind, filter: string): Promise<void> {
  if (kind === 'select') return validateSelectFilter(filter);
  const name = filter.trim();
  if (!PROCEDURE_NAME.test(name)) throw new RoleFilterError('procedure', name);
  const procedures = await filterProcedures(tx);
  if (!procedures.some((procedure) => procedure.name === name)) throw new RoleFilterError('procedure', name);
}

/** The SQL the runner executes: the SELECT itself, or the procedure called with $1, $2, $3 (never spliced). */
export const filterSql = (kind: RoleFilterKind, filter: string): string =>
  // The filter is the query by nature: it goes to the runner as a bound parameter, and the runner
  // EXECUTEs it as the filter role. A procedure's name is checked against pg_proc (validateFilter)
  // and quoted; its three values are bound ($1, $2, $3), never put into the text.
  kind === 'select' ? filter.trim().replace(/;\s*$/, '') : ['SELECT * FROM role_filters.', quoteIdent(filter.trim()), '($1, $2, $3)'].join('');

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

class Finished<T> {
  constructor(readonly value: T) {}
}

const databaseText = (error: unknown): string => {
  const cause = (error as { cause?: unknown } | null)?.cause;
  const source = cause instanceof Error ? cause : error;
  return source instanceof Error ? source.message : String(source);
};

export interface FilterRunOptions {
  timeoutMs?: number;
  /** tests only: run without layer 1, to show the database refuses on its own */
  skipValidation?: boolean;
}

/**
 * Runs a filter for a school: its own transaction, rolled back at the end (nothing it does can
 * stay). Returns the distinct user ids, each a person of this school; throws RoleFilterError.
 */
export async function runFilter(
  db: Database,
  tenantId: string,
  kind: RoleFilterKind,
  filter: string,
  params: readonly string[] = [],
  options: FilterRunOptions = {},
): Promise<string[]> {
  const timeout = Math.max(1, Math.floor(options.timeoutMs ?? ROLE_FILTER_TIMEOUT_MS));
  const [p1 = '', p2 = '', p3 = ''] = params;
  try {
    await db.withTenant(tenantId, async (tx) => {
      if (!options.skipValidation) await validateFilter(tx, kind, filter);
      // the school's rows, only the columns a filter may use (row-level security: this school only)
      for (const statement of FILTER_TABLES) await tx.execute(statement);
      const known = new Set((await tx.execute<{ id: string }>(sql`SELECT id::text AS id FROM pg_temp.people`)).rows.map((row) => row.id));
      // SET LOCAL ROLE, read-only, nothing else on the search path, the timeout (all end with the transaction)
      await tx.execute(sql`SELECT set_config('role', 'xiaowu_role_filter', true), set_config('transaction_read_only', 'on', true),
                                  set_config('search_path', 'pg_temp', true), set_config('statement_timeout', ${String(timeout)}, true)`);
      const { rows } = await tx.execute<{ column_count: number; value: string | null }>(
        sql`SELECT column_count, value FROM role_filters.xiaowu_run_filter(${filterSql(kind, filter)}, ${p1}, ${p2}, ${p3})`,
      );
      const ids = new Set<string>();
      for (const row of rows) {
        if (row.column_count !== 1) throw new RoleFilterError('columns', String(row.column_count));
        const value = (row.value ?? '').toLowerCase();
        if (!isUuid(value) || !known.has(value)) throw new RoleFilterError('not_ids', row.value ?? 'null');
        ids.add(value);
      }
      throw new Finished([...ids].sort());
    });
  } catch (error) {
    if (error instanceof Finished) return error.value as string[];
    if (error instanceof RoleFilterError) throw error;
    const code = pgErrorCode(error);
    if (!code) throw error;
    const problem = refusalProblem(code, kind);
    const text = databaseText(error);
    if (problem !== 'timeout') reportRefusal({ tenantId, sqlstate: code, problem, databaseText: text });
    const detail = problem === 'timeout' ? String(timeout) : problem === 'procedure' ? filter : code;
    throw new RoleFilterError(problem, detail, text);
  }
  throw new Error('unreachable');
}

/** A valid SELECT for the editor's help panel: the head teachers of grade 7's classes. */
export const GRADE7_HEAD_TEACHERS =
  "SELECT d.user_id FROM duties d JOIN orgs o ON o.id = d.org_unit_id WHERE d.duty = 'head_teacher' AND o.grade_level = 7 AND NOT o.graduated";

/** What a filter may read, call and name (for the editor's help panel). */
export async function filterCatalog(tx: Tx): Promise<RoleFilterCatalog> {
  return {
    relations: FILTER_RELATIONS.map((relation) => ({ name: relation.name, columns: relation.columns.map(({ name, type, note }) => ({ name, type, note })) })),
    functions: [...FILTER_FUNCTIONS].sort(),
    procedures: await filterProcedures(tx),
    example: GRADE7_HEAD_TEACHERS,
  };
}

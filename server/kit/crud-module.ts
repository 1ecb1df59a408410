/**
 * The server half of a kit resource (DESIGN.md §7, docs kit-api): from a definition
 * (contracts/resources/…) and its table, the service and the routes of every call — list, save,
 * toggles, delete, options, export, import template / check / apply. Hooks carry what differs.
 *
 * Usage (a module's whole server part when nothing differs):
 *
 *   // server/modules/campuses/campuses.module.ts
 *   export const campusesModule = crudModule(campuses, campusesTable);
 *   // server/modules/index.ts: add it to `modules` (name → { routes, kit: campusesModule })
 *
 * With hooks (see apk-versions.module.ts): `crudModule(apkVersions, table, { locked, beforeSave, … })`.
 * A hook needing other services takes them from its last argument (`deps`).
 *
 * Every call runs in the route's tenant transaction (RLS as everywhere); the service checks the
 * button permission itself; rule issues are one 40000 (msg every issue joined, data { issues });
 * unique values are checked then written under the unique index (a 23505 names its index: 40900
 * with the field); edits carry the version read (40900 stale); delete is all-or-nothing.
 */
import { v7 as uuidv7 } from 'uuid';
import { type ResourceDeleteRequest, type ResourceListRequest, type ResourceOption, type ResourceSaveRequest, resourceSchemas, type ResourceToggleRequest } from '../../contracts/resource-schemas';
import {
  displayField,
  inSentence,
  type FieldIssue,
  joinIssues,
  type Label,
  type ResourceDefinition,
  type AnyResourceDefinition,
  type ResourceField,
  RESOURCE_EXPORT_MAX_ROWS,
  resourceIssues,
  resourcePerms,
  resourceTexts,
  resourceUrls,
  takenText,
  uniqueKey,
  unknownText,
} from '../../contracts/resource';
import { ResponseCode, type TableAData, tableASortOf } from '../../contracts/envelope';
import type { SQL } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Tx } from '../db/client';
import type { Lang } from '../i18n/messages';
import type { Session } from '../modules/auth/session.types';
import { type FileOwnerKind, type FilesService } from '../modules/files/files.service';
import type { PermissionsService } from '../modules/permissions/permissions.service';
import { xlsxReply } from './xlsx';
import { type Access, addOrEdit, type AnyRoute, changes, defineRoute, reads } from '../plugins/define-route';
import { AppError } from '../plugins/envelope';
import {
  crudRepository,
  type CrudRepository,
  foreignKeysOf,
  type KitRecord,
  type KitTable,
  lookupRepository,
  type RowLock,
  type SearchValues,
  uniqueIndexesOf,
  violatedConstraint,
  violatedIndex,
} from './crud-repository';
import { pgErrorCode } from '../db/unique';
import { receiveImport, type ImportUpload } from './import-upload';
import { buildExport, buildTemplate, type ExcelLookups, type ImportIssue, importRows } from './resource-excel';

/** What a kit service may use besides its table (built once per app in services.ts). */
export interface KitDeps {
  permissions: PermissionsService;
  files: FilesService;
}

/** The values of a save after the kit's normalising (text trimmed unless raw, empty numbers to `empty`). */
export type SaveValues = Record<string, unknown>;

/** A list row as the client gets it (contracts/resource.ts ResourceRow). */
export type KitRow = Record<string, unknown> & { id: string; version: number; updatedAt: string };

export interface CrudHooks {
  /** extra checks before a save writes (may throw AppError); `existing` when editing */
  beforeSave?(tx: Tx, session: Session, values: SaveValues, existing: KitRecord | undefined, deps: KitDeps): Promise<void>;
  /** rules across rows or tables (a classroom's floor within its building's): issues in the definition's shape, checked on save (one 40000) and on every import row (dry run included) */
  saveIssues?(tx: Tx, values: SaveValues, existing: KitRecord | undefined): Promise<FieldIssue[]>;
  /** after a save wrote (the files of file fields are claimed already) */
  afterSave?(tx: Tx, session: Session, id: string, values: SaveValues, deps: KitDeps): Promise<void>;
  /** a row that may be neither edited nor deleted (a published APK): the refusal's words (40900), else null */
  locked?(row: KitRecord, action: 'edit' | 'delete'): Label | null;
  /** the route access of a toggle (default anyOf [toggle.perm ?? edit]) */
  toggleAccess?(field: string): readonly string[];
  /** the service's permission check of a toggle (default: assertHas toggle.perm ?? edit) */
  assertToggle?(tx: Tx, session: Session, field: string, deps: KitDeps): Promise<void>;
  /** before a toggle writes a change (rules, may throw AppError): more columns to set with it */
  beforeToggle?(tx: Tx, session: Session, field: string, value: boolean, existing: KitRecord): Promise<Record<string, unknown> | void>;
  /** a module's own list condition besides the definition's search */
  listQuery?(search: SearchValues): SQL | undefined;
  /**
   * The list's total by the module's own means, for a search it can serve (a SECURITY DEFINER count
   * that takes the school from app.tenant_id: RLS pays per row in count(*)); undefined: the kit counts.
   * It must equal what the list's WHERE finds under RLS (学生信息: migration 0035).
   */
  countRows?(tx: Tx, search: SearchValues): Promise<number | undefined>;
  /** adds what a module lists besides the fields (APK: fileName, fileSize, publishedAt) */
  decorateRows?(tx: Tx, rows: KitRow[], records: KitRecord[]): Promise<void>;
  /** true when one of the rows is in use beyond what foreign keys say (40900 inUse) */
  deleteGuard?(tx: Tx, ids: readonly string[]): Promise<boolean>;
  /** the files owner kind of the resource's file fields (files.service.ts FILE_OWNER_KINDS) */
  fileOwnerKind?: FileOwnerKind;
  /** who may read a record's files (FilesService.registerOwnerKind); default: holders of any of the resource's permissions */
  mayReadFiles?(tx: Tx, session: Session | null, recordId: string, deps: KitDeps): Promise<boolean>;
  /** locks the rows an edit or a delete reads, for a table FOR UPDATE cannot lock (a view with an outer join); default FOR UPDATE */
  lockRows?: RowLock;
  /** the module's words for a database refusal the kit cannot name (a trigger's check, e.g. a full class: migration 0033), by the constraint it names; null: the kit's own mapping */
  refusalIssues?(constraint: string): FieldIssue[] | null;
  /** routes the module adds (APK: the app's public calls) */
  extraRoutes?: readonly AnyRoute[];
}

/** Most options one select lists (an import's lookups are not capped) */
const OPTIONS_MAX = 2000;
/** Fields whose column is not text (another row's uuid, a date): NULL for none, '' on the wire */
const NULL_WHEN_EMPTY: ReadonlySet<string> = new Set(['person', 'org', 'ref', 'date']);
/** A stored value as the wire has it: a decimal a number (the driver reads numeric as text), NULL of a uuid or date ''. */
const wireValue = (field: ResourceField, value: unknown): unknown => (field.kind === 'decimal' && value !== null ? Number(value) : NULL_WHEN_EMPTY.has(field.kind) && value === null ? '' : value);
/** New rows one INSERT of an import writes */
const IMPORT_INSERT_BATCH = 500;
/** Most issues an import's 40000 message lists (data.issues has them all) */
const IMPORT_MESSAGE_ISSUES = 20;

const TEMPLATE_SUFFIX: Label = { zh: '导入模板', en: ' import template' };

const say = (label: Label) => (lang: Lang) => label[lang];

/** The one 40000 of rule issues: msg every issue joined, data { issues: [{ field, message }] } in the caller's language. */
export function issuesError(issues: readonly (FieldIssue & { row?: number })[], lang: Lang): AppError {
  return new AppError(ResponseCode.invalidInput, (language) => joinIssues(issues.map((issue) => issue.message), language), {}, {
    issues: issues.map((issue) => ({ ...(issue.row === undefined ? {} : { row: issue.row }), field: issue.field, message: issue.message[lang] })),
  });
}

/** An import's 40000: msg the first issues with their rows, data { issues } every one (row, field, message). */
export function importIssuesError(issues: readonly ImportIssue[]): AppError {
  return new AppError(
    ResponseCode.invalidInput,
    (lang) => {
      // an issue of the file as a whole (no field) says no row
      const shown = issues.slice(0, IMPORT_MESSAGE_ISSUES).map((issue) => (issue.field === '' ? issue.message : lang === 'zh' ? `第${issue.row}行：${issue.message}` : `Row ${issue.row}: ${issue.message}`));
      return shown.join(lang === 'zh' ? '；' : '; ') + (issues.length > IMPORT_MESSAGE_ISSUES ? '…' : '');
    },
    {},
    { issues },
  );
}

/** A success answer with a message of the definition's (the envelope is the usual one). */

/**
 * The value a unique violation's detail names: `Key (tenant_id, code)=(…, A101) already exists.`; of
 * a field unique within another's, the last (`Key (tenant_id, building_id, code)=(…, …, 101)`).
 */
const takenValue = (error: unknown, scoped = false): string => {
  const detail = (error as { detail?: unknown }).detail ?? (error as { cause?: { detail?: unknown } }).cause?.detail;
  const values = typeof detail === 'string' ? (/=\([^,]*, (.*)\) already exists/.exec(detail)?.[1] ?? '') : '';
  return scoped ? values.slice(values.indexOf(', ') + 2) : values;
};

/** The kit tables by resource name, for ref lookups (filled as modules are made). */
const kitTables = new Map<string, { definition: ResourceDefinition; table: KitTable; repository: CrudRepository }>();
/**
 * Who may read a resource's options (its selects): holders of its view permission or of the view
 * permission of any kit resource with a ref field to it (the classroom form's building select needs
 * /api/buildings/options with jsgl alone). Filled as modules are made; the options route's access
 * holds the same array, so it is complete once every module is (before the app serves).
 */
const optionReaders = new Map<string, string[]>();
const readersOf = (resource: string): string[] => {
  let readers = optionReaders.get(resource);
  if (!readers) optionReaders.set(resource, (readers = []));
  return readers;
};
const addReader = (resource: string, code: string) => {
  const readers = readersOf(resource);
  if (!readers.includes(code)) readers.push(code);
};

const refTarget = (resource: string) => {
  const target = kitTables.get(resource);
  if (!target) throw new Error(`no kit resource named ${resource}`);
  return { definition: target.definition, table: target.table, display: displayField(target.definition) };
};

export class CrudService {
  readonly perms;
  readonly texts;
  private readonly uniqueIndexes: Map<string, string>;
  private readonly foreignKeys: Map<string, string>;

  constructor(
    readonly definition: ResourceDefinition,
    readonly repository: CrudRepository,
    table: KitTable,
    private readonly hooks: CrudHooks,
    private readonly deps: KitDeps,
  ) {
    this.perms = resourcePerms(definition);
    this.texts = resourceTexts(definition);
    this.uniqueIndexes = uniqueIndexesOf(definition, table, repository.columns);
    this.foreignKeys = foreignKeysOf(table, repository.columns);
    const fileFields = Object.entries(definition.fields).filter(([, field]) => field.kind === 'file');
    if (fileFields.length > 0) {
      if (!hooks.fileOwnerKind) throw new Error(`${definition.name}: file fields need a fileOwnerKind`);
      const readers = Object.values(this.perms);
      deps.files.registerOwnerKind(hooks.fileOwnerKind, async (tx, session, id) => {
        if (hooks.mayReadFiles) return hooks.mayReadFiles(tx, session, id, deps);
        if (!session) return false;
        const granted = await deps.permissions.grantedCodes(tx, session);
        return readers.some((code) => granted.has(code));
      });
    }
  }

  /** The rows of a list page, with `<field>Name` of lookups (a dictionary entry's in the caller's language) and what the module adds. */
  async list(tx: Tx, request: ResourceListRequest, lang: Lang = 'zh'): Promise<TableAData<KitRow>> {
    const { total, rows } = await this.repository.page(tx, {
      lang,
      search: request.search,
      where: this.hooks.listQuery?.(request.search),
      total: await this.hooks.countRows?.(tx, request.search),
      sort: tableASortOf(request),
      limit: request.limit,
      offset: request.currPage * request.limit,
    });
    const records = rows.map((row) => row.record);
    const listed = rows.map(({ record, ...names }) => this.toRow(record, names));
    await this.hooks.decorateRows?.(tx, listed, records);
    return { total, rows: listed };
  }

  /** Every row the search finds (export), in list order; a search finding more than `max` rows is refused (40000), never cut short. */
  async all(tx: Tx, request: Omit<ResourceListRequest, 'currPage' | 'limit'>, max: number, lang: Lang = 'zh'): Promise<KitRow[]> {
    const { total, rows } = await this.list(tx, { ...request, currPage: 0, limit: max }, lang);
    if (total > max) throw new AppError(ResponseCode.invalidInput, say(this.texts.exportTooLarge));
    return rows;
  }

  private toRow(record: KitRecord, names: Record<string, string | null>): KitRow {
    const row: KitRow = { id: record.id, version: record.version, updatedAt: record.updatedAt.toISOString() };
    for (const [name, field] of Object.entries(this.definition.fields)) {
      row[name] = wireValue(field, record[name]);
    }
    for (const [name, value] of Object.entries(names)) row[name] = value ?? '';
    return row;
  }

  /** The values a save writes: text trimmed unless raw, an empty number its field's `empty`. */
  normalise(input: Record<string, unknown>): SaveValues {
    const values: SaveValues = {};
    for (const [name, field] of Object.entries(this.definition.fields)) {
      if (field.readOnly || !(name in input)) continue;
      const value = input[name];
      if (field.kind === 'text' && typeof value === 'string') values[name] = field.raw ? value : value.trim();
      else if (field.kind === 'int' && (value === null || value === undefined)) values[name] = field.empty ?? null;
      // a uuid or date column: none is NULL, though the form and the sheet say ''
      else if (NULL_WHEN_EMPTY.has(field.kind) && value === '') values[name] = null;
      else values[name] = value;
    }
    return values;
  }

  /** 40900 naming the field whose value is taken (`shown`: the value as the caller knows it, shownValue). */
  takenError(field: string, shown: unknown): AppError {
    return new AppError(ResponseCode.conflict, say(takenText(this.definition, field, shown)), {}, { field });
  }

  /** A value as a refusal names it: a ref field's target by its label (as the form's select shows it), not its id; anything else as given. */
  private async shownValue(tx: Tx, name: string, value: unknown): Promise<unknown> {
    const field = this.definition.fields[name];
    if (field?.kind !== 'ref' || typeof value !== 'string' || value === '') return value;
    return (await lookupRepository.refLabel(tx, field, value, refTarget)) ?? value;
  }

  /** The values a unique refusal of this write would name, looked up before it (after a 23505 the transaction takes no query): only unique ref fields differ. */
  private async shownValues(tx: Tx, values: SaveValues): Promise<SaveValues> {
    const shown = { ...values };
    for (const field of this.definition.unique) if (this.definition.fields[field]?.kind === 'ref') shown[field] = await this.shownValue(tx, field, values[field]);
    return shown;
  }

  /** The refusal of a write the unique index turned down: the field its index guards. */
  private uniqueRefusal(error: unknown, values: SaveValues): AppError | null {
    const index = violatedIndex(error);
    const field = index === undefined ? undefined : this.uniqueIndexes.get(index);
    return field ? this.takenError(field, values[field]) : null;
  }

  private staleError(): AppError {
    return new AppError(ResponseCode.conflict, say(this.texts.stale), {}, { stale: true });
  }

  private notFoundError(): AppError {
    return new AppError(ResponseCode.notFound, say(this.texts.notFound));
  }

  private async existingOr404(tx: Tx, id: string): Promise<KitRecord> {
    const row = await this.repository.byIdForUpdate(tx, id);
    if (!row) throw this.notFoundError();
    return row;
  }

  /** A resource whose rows are made elsewhere (definition.madeElsewhere) refuses an add or a delete in its words. */
  private assertMadeHere(): void {
    const elsewhere = this.definition.madeElsewhere;
    if (elsewhere) throw new AppError(ResponseCode.invalidInput, say(elsewhere));
  }

  private assertUnlocked(row: KitRecord, action: 'edit' | 'delete'): void {
    const refusal = this.hooks.locked?.(row, action);
    if (refusal) throw new AppError(ResponseCode.conflict, say(refusal), {}, { locked: true });
  }

  /** Each unique field's value is free (other than the row `exceptId`); the index guards the race after this. */
  private async assertUniqueFree(tx: Tx, values: SaveValues, exceptId?: string): Promise<void> {
    for (const field of this.definition.unique) {
      const value = values[field];
      if (value === undefined || value === null || value === '') continue;
      const scope = this.definition.uniqueWithin?.[field];
      if (await this.repository.taken(tx, field, value, exceptId, scope ? { field: scope, value: values[scope] } : undefined)) throw this.takenError(field, await this.shownValue(tx, field, value));
    }
  }

  /** Writes one checked row (insert without `existing`), mapping the database's refusals to the definition's words (writeRefusal). */
  async write(tx: Tx, session: Session, values: SaveValues, existing?: { id: string; version: number }, lang: Lang = 'zh'): Promise<string> {
    const shown = await this.shownValues(tx, values);
    try {
      if (!existing) {
        const id = uuidv7();
        await this.repository.insert(tx, { tenantId: session.tenantId, id, ...values, createdBy: session.userId, updatedBy: session.userId });
        return id;
      }
      const updated = await this.repository.update(tx, existing.id, existing.version, values, session.userId);
      if (!updated) throw this.staleError();
      return existing.id;
    } catch (error) {
      throw this.writeRefusal(error, shown, lang) ?? error;
    }
  }

  /**
   * The database's refusal of a write in the definition's words: a unique index (23505, 40900 with
   * the field), a foreign key whose row went meanwhile (23503, 40000 "所属教学楼不存在" on the field the
   * constraint guards), a check or trigger (23514, e.g. the floors of 0026: the data moved since it was
   * read, 40900 stale). Anything else stays an error (59000).
   */
  private writeRefusal(error: unknown, values: SaveValues, lang: Lang): AppError | null {
    const own = this.hooks.refusalIssues?.(violatedConstraint(error) ?? '');
    if (own) return issuesError(own, lang);
    const code = pgErrorCode(error);
    if (code === '23505') return this.uniqueRefusal(error, values);
    if (code === '23514') return this.staleError();
    if (code !== '23503') return null;
    const field = this.foreignKeys.get(violatedConstraint(error) ?? '');
    return field && field in this.definition.fields ? issuesError([{ field, message: unknownText(this.definition.fields[field]) }], lang) : this.staleError();
  }

  /** Claims the uploaded files of the file fields for the record (files module). */
  private async claimFiles(tx: Tx, session: Session, id: string, values: SaveValues): Promise<void> {
    const fileIds = Object.entries(this.definition.fields)
      .filter(([name, field]) => field.kind === 'file' && typeof values[name] === 'string' && values[name] !== '')
      .map(([name]) => values[name] as string);
    if (fileIds.length > 0 && this.hooks.fileOwnerKind) await this.deps.files.claim(tx, { kind: this.hooks.fileOwnerKind, recordId: id, saverId: session.userId }, fileIds);
  }

  /** The save's ids and codes that name nothing of the school (a stale form, a hand-made call): an issue on the field, not a foreign key's 59000 or a stray code. */
  private async unknownReferences(tx: Tx, values: SaveValues): Promise<FieldIssue[]> {
    const issues: FieldIssue[] = [];
    for (const [name, field] of Object.entries(this.definition.fields)) {
      const value = values[name];
      if (typeof value === 'string' && value !== '' && !(await lookupRepository.names(tx, field, value, refTarget))) issues.push({ field: name, message: unknownText(field) });
    }
    return issues;
  }

  /** `POST P/save`: add (no id: _add) or edit (id + version: _edit). */
  async save(tx: Tx, session: Session, request: ResourceSaveRequest, lang: Lang = 'zh'): Promise<{ id: string }> {
    await this.deps.permissions.assertHas(tx, session, request.id ? this.perms.edit : this.perms.add);
    if (!request.id) this.assertMadeHere();
    const values = this.normalise(request);
    const issues = resourceIssues(this.definition, values);
    if (issues.length > 0) throw issuesError(issues, lang);
    const existing = request.id ? await this.existingOr404(tx, request.id) : undefined;
    if (existing) this.assertUnlocked(existing, 'edit');
    const unknown = await this.unknownReferences(tx, values);
    const ruleIssues = unknown.length > 0 ? unknown : ((await this.hooks.saveIssues?.(tx, values, existing)) ?? []);
    if (ruleIssues.length > 0) throw issuesError(ruleIssues, lang);
    await this.hooks.beforeSave?.(tx, session, values, existing, this.deps);
    await this.assertUniqueFree(tx, values, existing?.id);
    const id = await this.write(tx, session, values, existing && { id: existing.id, version: request.version ?? -1 }, lang);
    await this.claimFiles(tx, session, id, values);
    await this.hooks.afterSave?.(tx, session, id, values, this.deps);
    return { id };
  }

  /** `POST P/<toggle.route>`: switches a boolean field with the version read. */
  async toggle(tx: Tx, session: Session, field: string, request: ResourceToggleRequest): Promise<Record<string, boolean>> {
    const rule = this.definition.toggles?.[field];
    if (!rule) throw new Error(`${this.definition.name}: ${field} is no toggle`);
    if (this.hooks.assertToggle) await this.hooks.assertToggle(tx, session, field, this.deps);
    else await this.deps.permissions.assertHas(tx, session, rule.perm ?? this.perms.edit);
    const value = request[field] as boolean;
    const existing = await this.existingOr404(tx, request.id);
    if (existing.version !== request.version) throw this.staleError();
    if (existing[field] !== value) {
      const extra = (await this.hooks.beforeToggle?.(tx, session, field, value, existing)) ?? {};
      if (!(await this.repository.update(tx, existing.id, request.version, { [field]: value, ...extra }, session.userId))) throw this.staleError();
    }
    return { [field]: value };
  }

  /** `POST P/delete`: every id or none (a missing one 40400 saying how many are gone, a locked or used one 40900). */
  async delete(tx: Tx, session: Session, request: ResourceDeleteRequest): Promise<{ deleted: number }> {
    await this.deps.permissions.assertHas(tx, session, this.perms.delete);
    this.assertMadeHere();
    const ids = [...new Set(request.ids)];
    const rows = await this.repository.byIdsForUpdate(tx, ids);
    if (rows.length !== ids.length) throw new AppError(ResponseCode.notFound, say(this.texts.deleteMissing(ids.length - rows.length)));
    for (const row of rows) this.assertUnlocked(row, 'delete');
    const inUse = () => new AppError(ResponseCode.conflict, say(this.texts.inUse), {}, { inUse: true });
    if (await this.hooks.deleteGuard?.(tx, ids)) throw inUse();
    const result = await this.repository.remove(tx, ids);
    if ('refused' in result) throw inUse();
    return result;
  }

  /** `POST P/options`: id and display text of every row (the ref selects of other resources), for who may view it or a resource referring to it. */
  async options(tx: Tx, session: Session): Promise<{ rows: ResourceOption[] }> {
    await this.deps.permissions.assertAnyOf(tx, session, readersOf(this.definition.name));
    return { rows: await this.repository.options(tx, OPTIONS_MAX) };
  }

  // --- import and export (resource-excel.ts reads and writes the workbooks; here: the database side)

  /** What the workbooks show for stored ids: only what the definition's fields need; an import's ref lookups have every row (a select's cap would make row 2,001 "not found"). */
  async lookups(tx: Tx, use: 'import' | 'show' = 'show'): Promise<ExcelLookups> {
    const lookups: ExcelLookups = { refs: {}, dicts: {} };
    for (const [name, field] of Object.entries(this.definition.fields)) {
      if (field.kind === 'ref') {
        const target = kitTables.get(field.resource);
        if (!target) throw new Error(`no kit resource named ${field.resource}`);
        lookups.refs![name] = await target.repository.options(tx, use === 'import' ? undefined : OPTIONS_MAX);
      } else if (field.kind === 'dict') lookups.dicts![name] = await lookupRepository.dictEntries(tx, field.dict);
      else if (field.kind === 'person') lookups.people = (wanted) => lookupRepository.people(tx, wanted);
      else if (field.kind === 'org' && !lookups.orgs) lookups.orgs = await lookupRepository.orgs(tx);
    }
    return lookups;
  }

  /** `GET P/import/template`. */
  async template(tx: Tx, session: Session, lang: Lang): Promise<Buffer> {
    await this.deps.permissions.assertAnyOf(tx, session, [this.perms.import, this.perms.add]);
    return buildTemplate(this.definition, await this.lookups(tx), lang);
  }

  /** `POST P/export`: the rows the search finds, in list order, as the template's columns. */
  async export(tx: Tx, session: Session, request: Omit<ResourceListRequest, 'currPage' | 'limit'>, lang: Lang): Promise<Buffer> {
    await this.deps.permissions.assertHas(tx, session, this.perms.view);
    return buildExport(this.definition, await this.all(tx, request, RESOURCE_EXPORT_MAX_ROWS, lang), await this.lookups(tx), lang);
  }

  /** A new row's values before the sheet's: every field empty (its default), as the form starts. */
  private blankValues(): Record<string, unknown> {
    const values: Record<string, unknown> = {};
    for (const [name, field] of Object.entries(this.definition.fields)) {
      if (field.readOnly) continue;
      if (field.kind === 'int' || field.kind === 'decimal') values[name] = null;
      else if (field.kind === 'boolean') values[name] = field.default ?? false;
      else if (field.kind === 'enum') values[name] = field.default ?? '';
      else values[name] = '';
    }
    return values;
  }

  /** A stored row's field values (an import's update keeps what the sheet has no column for). */
  private storedValues(record: KitRecord): Record<string, unknown> {
    const values: Record<string, unknown> = {};
    for (const [name, field] of Object.entries(this.definition.fields)) {
      if (field.readOnly) continue;
      values[name] = wireValue(field, record[name]);
    }
    return values;
  }

  /**
   * Every row of an import file checked as a save would be (the reader's cell and rule issues, the
   * rules on the merged values, locked rows, unique values taken by other rows of the table), and
   * what each row would do: update the row its first unique field names, else add one.
   */
  private async planImport(tx: Tx, session: Session, upload: ImportUpload, lang: Lang) {
    await this.deps.permissions.assertAnyOf(tx, session, [this.perms.import, this.perms.add]);
    // the sheet was parsed in the route's receive (no connection held); the lookups are the school's, in the transaction
    const lookups = await this.lookups(tx, 'import');
    const read = await importRows(this.definition, upload.sheet, lookups, lang);
    const issues: ImportIssue[] = [...read.issues];
    const reported = new Set(issues.map((issue) => `${issue.row}:${issue.field}`));
    const report = (row: number, field: string, message: Label) => {
      if (reported.has(`${row}:${field}`)) return;
      reported.add(`${row}:${field}`);
      issues.push({ row, field, message: message[lang] });
    };
    // the stored rows each unique value names (one query per unique field)
    const stored = new Map<string, Map<string, KitRecord>>();
    for (const field of this.definition.unique) {
      const values = read.rows.map((row) => row.values[field]).filter((value) => value !== undefined && value !== null && value !== '');
      const found = await this.repository.byValues(tx, field, [...new Set(values)]);
      stored.set(field, new Map(found.map((record) => [uniqueKey(this.definition, field, record), record])));
    }
    const key = this.definition.unique[0];
    const plans: { row: number; values: SaveValues; existing?: KitRecord }[] = [];
    for (const { row, values: cells } of read.rows) {
      const existing = key === undefined ? undefined : stored.get(key)!.get(uniqueKey(this.definition, key, cells));
      const values = this.normalise({ ...(existing ? this.storedValues(existing) : this.blankValues()), ...cells });
      const fieldIssues = resourceIssues(this.definition, values);
      for (const issue of fieldIssues) report(row, issue.field, issue.message);
      // the module's rules across rows or tables, once the row's fields are sound
      if (fieldIssues.length === 0) for (const issue of (await this.hooks.saveIssues?.(tx, values, existing)) ?? []) report(row, issue.field, issue.message);
      const locked = existing && this.hooks.locked?.(existing, 'edit');
      if (locked) report(row, key!, locked);
      for (const field of this.definition.unique) {
        const owner = stored.get(field)!.get(uniqueKey(this.definition, field, values));
        if (owner && owner.id !== existing?.id) report(row, field, takenText(this.definition, field, await this.shownValue(tx, field, values[field])));
      }
      plans.push({ row, values, existing });
    }
    issues.sort((a, b) => a.row - b.row);
    return { plans, issues, lookups };
  }

  /** `POST P/import/check`: what the file would do, and every issue; nothing written. */
  async importCheck(tx: Tx, session: Session, upload: ImportUpload, lang: Lang) {
    const { plans, issues } = await this.planImport(tx, session, upload, lang);
    const updated = plans.filter((plan) => plan.existing).length;
    return { total: plans.length, added: plans.length - updated, updated, issues };
  }

  /** `POST P/import/apply`: the same checks, then every row in the one transaction, or nothing (40000 with the issues). */
  async importApply(tx: Tx, session: Session, upload: ImportUpload, lang: Lang): Promise<{ added: number; updated: number }> {
    const { plans, issues, lookups } = await this.planImport(tx, session, upload, lang);
    if (issues.length > 0) throw importIssuesError(issues);
    for (const { values, existing } of plans) await this.hooks.beforeSave?.(tx, session, values, existing, this.deps);
    // new rows in batches (one INSERT per IMPORT_INSERT_BATCH rows), edits one by one (each with its version)
    const written = plans.map((plan) => ({ ...plan, id: plan.existing?.id ?? uuidv7() }));
    const adds = written.filter((plan) => !plan.existing);
    for (let start = 0; start < adds.length; start += IMPORT_INSERT_BATCH) {
      const batch = adds.slice(start, start + IMPORT_INSERT_BATCH);
      try {
        await this.repository.insert(tx, batch.map(({ id, values }) => ({ tenantId: session.tenantId, id, ...values, createdBy: session.userId, updatedBy: session.userId })));
      } catch (error) {
        // a concurrent write took a value (the index names the field, its detail the value) or removed a referenced row after the check
        const field = this.uniqueIndexes.get(violatedIndex(error) ?? '') ?? '';
        const value = takenValue(error, this.definition.uniqueWithin?.[field] !== undefined);
        // a ref by its label, from the import's lookups (the failed transaction takes no query)
        const shown = lookups.refs?.[field]?.find((option) => option.id === value)?.label ?? value;
        throw this.writeRefusal(error, { [field]: shown }, lang) ?? error;
      }
    }
    for (const { id, values, existing } of written) {
      if (existing) await this.write(tx, session, values, { id: existing.id, version: existing.version }, lang);
      await this.claimFiles(tx, session, id, values);
      await this.hooks.afterSave?.(tx, session, id, values, this.deps);
    }
    const added = adds.length;
    return { added, updated: plans.length - added };
  }
}

export interface CrudModule {
  definition: ResourceDefinition;
  table: KitTable;
  /** the module's service for an app (services.ts builds one per kit module) */
  createService(deps: KitDeps): CrudService;
  routes: readonly AnyRoute[];
}

/** The routes of a kit resource: one per call of docs kit-api, then the module's own. */
function crudRoutes(definition: ResourceDefinition, hooks: CrudHooks): AnyRoute[] {
  const urls = resourceUrls(definition);
  const perms = resourcePerms(definition);
  const schemas = resourceSchemas(definition);
  const service = (services: { kit: Record<string, CrudService> }) => services.kit[definition.name];
  const noun = definition.noun.en;
  // 用户日志's names, from the definition's words: 新增校区 / Add campus
  const zh = definition.noun.zh;
  const en = inSentence(noun);
  const titleEn = inSentence(definition.title.en);
  const display = displayField(definition);
  const keys = definition.unique.filter((field) => field !== display);
  /** a row in the log: its name and its other unique values, e.g. 东校区 (EAST) */
  const nameOf = (values: Record<string, unknown>) => {
    const others = keys.map((field) => values[field]).filter((value) => value !== undefined && value !== null && value !== '');
    return `${String(values[display] ?? '')}${others.length > 0 ? ` (${others.join(', ')})` : ''}`;
  };
  const namesOf = async (tx: Tx, ids: readonly string[]) => (await kitTables.get(definition.name)!.repository.byIdsForUpdate(tx, ids)).map(nameOf).join(', ');
  const routes: AnyRoute[] = [
    defineRoute({
      method: 'POST',
      url: urls.list,
      access: { anyOf: [perms.view] },
      summary: `table A of the ${noun} list: search ${Object.keys(definition.search).join(', ')}`,
      operation: reads(`查询${zh}`, `Search ${titleEn}`),
      body: schemas.list,
      handler: ({ tx, body, services, lang }) => service(services).list(tx, body, lang),
    }),
    defineRoute({
      method: 'POST',
      url: urls.save,
      access: { anyOf: [perms.add, perms.edit] },
      summary: `adds (no id, _add) or edits (id + version, _edit) a ${noun}`,
      operation: { ...changes(`保存${zh}`, `Save ${en}`), variants: addOrEdit(zh, en) },
      body: schemas.save,
      target: async ({ body }) => {
        const values = body as Record<string, unknown>;
        return { text: nameOf(values), variant: values.id ? 'edit' : 'add' };
      },
      handler: async ({ tx, session, body, services, lang, setMessage }) => {
        const data = await service(services).save(tx, session, body, lang);
        setMessage(resourceTexts(definition).saved);
        return data;
      },
    }),
    defineRoute({
      method: 'POST',
      url: urls.delete,
      access: { anyOf: [perms.delete] },
      summary: `deletes ${noun}s (ids): all or nothing`,
      operation: changes('删除' + zh, 'Delete ' + en), // concatenated: the SQL lint takes a template starting with Delete for a statement
      body: schemas.delete,
      target: ({ tx, body }) => namesOf(tx, (body as { ids: string[] }).ids),
      handler: async ({ tx, session, body, services, setMessage }) => {
        const data = await service(services).delete(tx, session, body);
        setMessage(resourceTexts(definition).deleted);
        return data;
      },
    }),
    defineRoute({
      method: 'POST',
      url: urls.options,
      access: { anyOf: readersOf(definition.name) },
      summary: `id and name of every ${noun} (selects): for who views it or a resource referring to it`,
      operation: reads(`${zh}选项`, `${definition.noun.en[0]!.toUpperCase()}${definition.noun.en.slice(1)} choices`),
      body: schemas.options,
      handler: ({ tx, session, services }) => service(services).options(tx, session),
    }),
  ];
  for (const [field, rule] of Object.entries(definition.toggles ?? {})) {
    if (!rule) continue;
    const access: Access = { anyOf: hooks.toggleAccess?.(field) ?? [rule.perm ?? perms.edit] };
    routes.push(
      defineRoute({
        method: 'POST',
        url: urls.toggle(rule.route),
        access,
        summary: `switches ${field} of a ${noun} (id, ${field}, version)`,
        operation: { ...changes(`切换${zh}${definition.fields[field]!.label.zh}`, `Switch ${en} ${inSentence(definition.fields[field]!.label.en)}`), variants: { on: rule.on, off: rule.off } },
        body: schemas.toggles[field],
        target: async ({ tx, body }) => {
          const input = body as Record<string, unknown> & { id: string };
          return { text: await namesOf(tx, [input.id]), variant: input[field] ? 'on' : 'off' };
        },
        handler: async ({ tx, session, body, services, setMessage }) => {
          const data = await service(services).toggle(tx, session, field, body);
          setMessage(data[field] ? rule.on : rule.off);
          return data;
        },
      }),
    );
  }
  const download = (reply: FastifyReply, bytes: Buffer, lang: Lang, suffix: Label | null) => {
    const fileName = `${definition.title[lang]}${suffix ? suffix[lang] : ''}.xlsx`;
    return xlsxReply(reply, fileName, bytes);
  };
  if (definition.exportable) {
    routes.push(
      defineRoute({
        method: 'POST',
        url: urls.export,
        answers: 'file',
        access: { anyOf: [perms.view] },
        summary: `the ${noun} list as .xlsx (the search as the list's; the template's columns)`,
        operation: reads(`导出${zh}`, `Export ${titleEn}`),
        body: schemas.export,
        handler: async ({ tx, session, body, services, lang, reply }) => download(reply, await service(services).export(tx, session, body, lang), lang, null),
      }),
    );
  }
  if (definition.importable) {
    const importAccess: Access = { anyOf: [perms.import, perms.add] };
    routes.push(
      defineRoute({
        method: 'GET',
        url: urls.template,
        answers: 'file',
        access: importAccess,
        summary: `the ${noun} import template (.xlsx): field labels, dropdowns, a notes sheet`,
        operation: reads(`下载${zh}导入模板`, `Download the ${en} import template`),
        handler: async ({ tx, session, services, lang, reply }) => download(reply, await service(services).template(tx, session, lang), lang, TEMPLATE_SUFFIX),
      }),
      defineRoute({
        method: 'POST',
        url: urls.importCheck,
        access: importAccess,
        summary: `multipart file (.xlsx or .xls): what importing it would do, every bad row with its number; nothing written`,
        operation: reads(`检查${zh}导入文件`, `Check a ${en} import file`),
        receive: (request) => receiveImport(request),
        handler: ({ tx, session, staged, services, lang }) => service(services).importCheck(tx, session, staged as ImportUpload, lang),
      }),
      defineRoute({
        method: 'POST',
        url: urls.importApply,
        access: importAccess,
        summary: `multipart file (.xlsx or .xls): every row checked first, then all written or none (40000 with data.issues)`,
        operation: changes(`导入${zh}`, `Import ${titleEn}`),
        receive: (request) => receiveImport(request),
        handler: async ({ tx, session, staged, services, lang, setMessage }) => {
          const data = await service(services).importApply(tx, session, staged as ImportUpload, lang);
          setMessage(resourceTexts(definition).imported);
          return data;
        },
      }),
    );
  }
  return [...routes, ...(hooks.extraRoutes ?? [])];
}

/** A kit resource's server module: its definition and table, the service factory and the routes. */
export function crudModule(resource: AnyResourceDefinition, table: KitTable, hooks: CrudHooks = {}): CrudModule {
  const definition: ResourceDefinition = resource;
  if (kitTables.has(definition.name)) throw new Error(`kit resource ${definition.name} made twice`);
  const repository = crudRepository(definition, table, refTarget, hooks.lockRows);
  kitTables.set(definition.name, { definition, table, repository });
  addReader(definition.name, resourcePerms(definition).view);
  for (const field of Object.values(definition.fields)) if (field.kind === 'ref') addReader(field.resource, resourcePerms(definition).view);
  return {
    definition,
    table,
    createService: (deps) => new CrudService(definition, repository, table, hooks, deps),
    routes: crudRoutes(definition, hooks),
  };
}

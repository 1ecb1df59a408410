/**
 * The resource kit's definition (DESIGN.md §7): one zod-free object per plain resource names its
 * fields, rules, permissions, search and order. Everything else is derived from it: the zod
 * schemas (`resource-schemas.ts`), the server module (`server/kit/crud-module.ts`), the .xlsx
 * template, import and export (`server/kit/resource-excel.ts`), the list route and the screens
 * (`src/components/resource`). Rule texts are built from the field labels here, so a rule's
 * words are written once and the form, the server and the import say the same.
 *
 * Zod-free on purpose (it imports only the zod-free date rules): screens, the route kit and the e2e
 * specs import it without pulling zod into a chunk. Route files never import a definition (see `src/app/resource-route.ts`):
 * fifty screens of definitions in the entry chunk would make /login heavier.
 */
import { isCalendarDate } from './date-rules';
import type { FileCategory } from './files';

export interface Label {
  zh: string;
  en: string;
}

/** A label's English word inside a sentence: "Code" → "code", but "APK file" stays. */
export const inSentence = (en: string): string => (/^[A-Z][a-z]/.test(en) ? en[0].toLowerCase() + en.slice(1) : en);

interface FieldBase {
  label: Label;
  /** must not be empty (text trimmed); a boolean is never required */
  required?: boolean;
  /** a hint under the input, both languages */
  hint?: Label;
  /** shown and saved but not in the import template and export (e.g. a file) */
  noExcel?: boolean;
  /** not written by save (the server sets it, e.g. publishedAt); still listed and exported */
  readOnly?: boolean;
  /** chosen when adding, shown read-only when editing (a student's class: 学籍异动 moves students); the module refuses a change */
  fixedOnEdit?: boolean;
}

export interface TextField extends FieldBase {
  kind: 'text';
  max: number;
  min?: number;
  /** a format rule with its own words, e.g. letters and digits only */
  pattern?: { regex: RegExp; message: Label };
  /** a textarea of this many rows */
  rows?: number;
  /** keeps leading and trailing blanks (prompt texts); others are trimmed */
  raw?: boolean;
}
export interface IntField extends FieldBase {
  kind: 'int';
  min: number;
  max: number;
  /** the value an empty input becomes when not required; undefined: null */
  empty?: number;
}
export interface DecimalField extends FieldBase {
  kind: 'decimal';
  min: number;
  max: number;
  /** digits after the point */
  scale: number;
}
export interface DateField extends FieldBase {
  kind: 'date';
}
export interface BooleanField extends FieldBase {
  kind: 'boolean';
  /** the words of true and false in lists, search and Excel (default 是 / 否) */
  on?: Label;
  off?: Label;
  default?: boolean;
}
export interface EnumField extends FieldBase {
  kind: 'enum';
  options: readonly { value: string; label: Label }[];
  default?: string;
}
/** a dictionary entry's code (the school's own values, e.g. STD_JSLB classroom categories) */
export interface DictField extends FieldBase {
  kind: 'dict';
  dict: string;
}
/** a person's user id; the form uses the people selector, import takes a job or student number */
export interface PersonField extends FieldBase {
  kind: 'person';
}
/** an organisation unit's id; import takes its code */
export interface OrgField extends FieldBase {
  kind: 'org';
}
/** a row of another kit resource (a building's campus); import takes its code */
export interface RefField extends FieldBase {
  kind: 'ref';
  /** the other resource's `name` */
  resource: string;
  /** the other resource's API path when it is not `/api/<resource>` (the form's select reads `<path>/options`) */
  path?: string;
}

/** The API path of a ref field's resource (its `options` call fills the form's and the search's select). */
export const refPath = (field: Pick<RefField, 'resource' | 'path'>): string => field.path ?? `/api/${field.resource}`;

/** an uploaded file's id ('' none); the profile says which files (contracts/files.ts) */
export interface FileField extends FieldBase {
  kind: 'file';
  profile: FileCategory;
  image?: boolean;
}

export type ResourceField = TextField | IntField | DecimalField | DateField | BooleanField | EnumField | DictField | PersonField | OrgField | RefField | FileField;
export type FieldKind = ResourceField['kind'];

/** How a search box filters: contains in any of the fields, equals one field, or a from–to range of one field. */
export type SearchRule = { contains: readonly string[]; label: Label } | { equals: string } | { range: string };

/** A boolean field switched from the list by its own call (`<path>/<route>`), e.g. enabled or published. */
export interface ToggleRule {
  /** the call's last segment: /api/ai-prompts/enable */
  route: string;
  /** the permission code; default the edit permission */
  perm?: string;
  /** the answer's message for true and false */
  on: Label;
  off: Label;
}

export interface ResourceDefinition<F extends Record<string, ResourceField> = Record<string, ResourceField>> {
  /** one name in every layer: the table, the module, the feature (kebab-case, plural) */
  name: string;
  /** the screen's title */
  title: Label;
  /** the thing one row is, inside sentences: 提示词 / prompt */
  noun: Label;
  /** the API path prefix, e.g. /api/buildings */
  path: string;
  /** the menu's permission code: view = perm, add = perm_add, edit = perm_edit, delete = perm_delete, import = perm_import, export = perm_export */
  perm: string;
  fields: F;
  /** each value unique in the school (text compared as stored) */
  unique: readonly (keyof F & string)[];
  /**
   * A unique field unique only among the rows with the same value of another field, e.g. a room
   * number within its building: `{ code: 'buildingId' }` (the index is (tenant_id, building_id, code)).
   */
  uniqueWithin?: Partial<Record<keyof F & string, keyof F & string>>;
  toggles?: Partial<Record<keyof F & string, ToggleRule>>;
  search: Record<string, SearchRule>;
  /** default order, ties broken by id */
  order: readonly { field: keyof F & string; desc?: boolean }[];
  /** the fields the list may be sorted by (table A sortField) */
  sortable?: readonly (keyof F & string)[];
  /** the field that names a row in messages and option lists (default: the first unique text field) */
  display?: keyof F & string;
  /**
   * A row's name in option lists, other resources' `<field>Name` and their import cells, when one
   * field does not tell rows apart: these fields' texts joined by a space, a ref field by its target's
   * display text (a room unique within its building: ['buildingId', 'code'] → 「1号楼 101」). Default: [display].
   */
  label?: readonly (keyof F & string)[];
  importable?: boolean;
  exportable?: boolean;
  /** the words of a refused delete when another record uses the row (default 「noun」正在使用，不能删除) */
  inUse?: Label;
  /**
   * The rows are made and removed elsewhere (班级: 组织机构): the kit lists, edits and exports them, but
   * never adds or deletes one (no 新增 or 删除 on the screen; the service refuses either with these words).
   */
  madeElsewhere?: Label;
}

/**
 * Any one definition with its field names as plain strings: what code serving every resource takes
 * (the kit's screens). `ResourceDefinition<F>` is invariant in F (its keys appear in `unique`,
 * `order`, `toggles`), so a definition of its own fields is not a `ResourceDefinition`, but it is one of these.
 */
export type AnyResourceDefinition = Omit<ResourceDefinition, 'fields' | 'unique' | 'uniqueWithin' | 'toggles' | 'order' | 'sortable' | 'display' | 'label'> & {
  fields: Record<string, ResourceField>;
  unique: readonly string[];
  uniqueWithin?: Partial<Record<string, string>>;
  toggles?: Partial<Record<string, ToggleRule>>;
  order: readonly { field: string; desc?: boolean }[];
  sortable?: readonly string[];
  display?: string;
  label?: readonly string[];
};

/** Builds a definition: a typed identity, so `fields` keeps its keys for the row and input types. */
export const resource = <const F extends Record<string, ResourceField>>(definition: ResourceDefinition<F>): ResourceDefinition<F> => definition;

// --- field builders (a label, then the rule's options) ---
type Options<T extends ResourceField> = Omit<T, 'kind' | 'label'>;
export const text = (label: Label, options: Options<TextField>): TextField => ({ kind: 'text', label, ...options });
export const int = (label: Label, options: Options<IntField>): IntField => ({ kind: 'int', label, ...options });
export const decimal = (label: Label, options: Options<DecimalField>): DecimalField => ({ kind: 'decimal', label, ...options });
export const date = (label: Label, options: Options<DateField> = {}): DateField => ({ kind: 'date', label, ...options });
export const boolean = (label: Label, options: Options<BooleanField> = {}): BooleanField => ({ kind: 'boolean', label, ...options });
export const choice = (label: Label, options: Options<EnumField>): EnumField => ({ kind: 'enum', label, ...options });
export const dict = (label: Label, dictType: string, options: Omit<Options<DictField>, 'dict'> = {}): DictField => ({ kind: 'dict', label, dict: dictType, ...options });
export const person = (label: Label, options: Options<PersonField> = {}): PersonField => ({ kind: 'person', label, ...options });
export const org = (label: Label, options: Options<OrgField> = {}): OrgField => ({ kind: 'org', label, ...options });
export const ref = (label: Label, other: string, options: Omit<Options<RefField>, 'resource'> = {}): RefField => ({ kind: 'ref', label, resource: other, ...options });
export const file = (label: Label, options: Options<FileField>): FileField => ({ kind: 'file', label, ...options });

/** Letters and digits only (SPEC §5 places: codes and names at most 30 letters/digits). Chinese characters count as letters. */
export const LETTERS_DIGITS = { regex: /^[\p{L}\p{N}]+$/u, message: { zh: '只能包含字母和数字', en: 'may contain only letters and digits' } };

// --- types derived from a definition ---
type ValueOf<F extends ResourceField> = F extends TextField | DictField | PersonField | OrgField | RefField | FileField | DateField
  ? string
  : F extends IntField | DecimalField
    ? number | null
    : F extends BooleanField
      ? boolean
      : F extends EnumField
        ? F['options'][number]['value']
        : never;

/** What the form sends: every field (add without id; edit with id and the version read). */
export type ResourceInput<D extends { fields: Record<string, ResourceField> }> = { [K in keyof D['fields']]: ValueOf<D['fields'][K]> } & { id?: string; version?: number };

/**
 * A list row: every field, plus for person, org, ref and dict fields a `<field>Name` with the
 * display text (the person's name, the campus's name), and the row's id, version and updatedAt.
 */
export type ResourceRow<D extends { fields: Record<string, ResourceField> }> = { [K in keyof D['fields']]: ValueOf<D['fields'][K]> } & {
  id: string;
  version: number;
  updatedAt: string;
} & Record<string, unknown>;

/** The calls of a resource: list, save, delete, options (id + display for selects), the toggles, export, template, import check and apply. */
export function resourceUrls(definition: Pick<ResourceDefinition, 'path'>) {
  const base = definition.path;
  return {
    list: `${base}/list`,
    save: `${base}/save`,
    delete: `${base}/delete`,
    options: `${base}/options`,
    export: `${base}/export`,
    template: `${base}/import/template`,
    importCheck: `${base}/import/check`,
    importApply: `${base}/import/apply`,
    toggle: (route: string) => `${base}/${route}`,
  } as const;
}

/** The permission codes of a resource, exactly as the menu catalogue's `crud()` makes them. */
export function resourcePerms(definition: Pick<ResourceDefinition, 'perm'>) {
  const base = definition.perm;
  return { view: base, add: `${base}_add`, edit: `${base}_edit`, delete: `${base}_delete`, import: `${base}_import`, export: `${base}_export` } as const;
}

/** The field that names a row (messages, option lists). */
export function displayField(definition: ResourceDefinition): string {
  if (definition.display) return definition.display;
  const unique = definition.unique.find((name) => definition.fields[name].kind === 'text');
  return unique ?? Object.keys(definition.fields)[0];
}

/** The fields whose texts name a row in option lists and ref names (ResourceDefinition.label). */
export function labelFields(definition: ResourceDefinition): readonly string[] {
  return definition.label && definition.label.length > 0 ? definition.label : [displayField(definition)];
}

// --- rules: one check for the form as typed, the server and each import row ---

export interface FieldIssue {
  field: string;
  message: Label;
}

const chooseKinds: ReadonlySet<FieldKind> = new Set(['enum', 'dict', 'person', 'org', 'ref', 'file', 'date']);
const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** The words of "…is required" for a field: 请输入编号 / 请选择校区. */
export function requiredText(field: ResourceField): Label {
  const en = inSentence(field.label.en);
  return chooseKinds.has(field.kind) ? { zh: `请选择${field.label.zh}`, en: `Choose the ${en}` } : { zh: `请输入${field.label.zh}`, en: `Enter the ${en}` };
}

/** The first thing wrong with one value, or null. Text is checked trimmed unless `raw`. */
export function fieldIssue(field: ResourceField, value: unknown): Label | null {
  const { zh } = field.label;
  const en = inSentence(field.label.en);
  if (isBlank(value)) return field.required ? requiredText(field) : null;
  switch (field.kind) {
    case 'text': {
      if (typeof value !== 'string') return { zh: `${zh}格式不正确`, en: `The ${en} is not valid` };
      const text = field.raw ? value : value.trim();
      // code points, as the database's char_length counts them (an astral character is one, not two UTF-16 units)
      const length = [...text].length;
      if (field.min !== undefined && length < field.min) return { zh: `${zh}不能少于${field.min}个字符`, en: `The ${en} needs at least ${field.min} characters` };
      if (length > field.max) return { zh: `${zh}不能超过${field.max}个字符`, en: `The ${en} may have at most ${field.max} characters` };
      if (field.pattern && !field.pattern.regex.test(text)) return { zh: `${zh}${field.pattern.message.zh}`, en: `The ${en} ${field.pattern.message.en}` };
      return null;
    }
    case 'int':
    case 'decimal': {
      const number = typeof value === 'number' ? value : Number.NaN;
      if (!Number.isFinite(number)) return { zh: `${zh}必须是数字`, en: `The ${en} must be a number` };
      if (field.kind === 'int' && !Number.isInteger(number)) return { zh: `${zh}必须是整数`, en: `The ${en} must be a whole number` };
      if (field.kind === 'decimal' && Math.round(number * 10 ** field.scale) / 10 ** field.scale !== number)
        return { zh: `${zh}最多${field.scale}位小数`, en: `The ${en} may have at most ${field.scale} decimals` };
      if (number < field.min) return { zh: `${zh}不能小于${field.min}`, en: `The ${en} must be at least ${field.min}` };
      if (number > field.max) return { zh: `${zh}不能大于${field.max}`, en: `The ${en} may be at most ${field.max}` };
      return null;
    }
    case 'date':
      return typeof value === 'string' && isCalendarDate(value) ? null : { zh: `${zh}不是有效日期`, en: `The ${en} is not a valid date` };
    case 'boolean':
      return typeof value === 'boolean' ? null : { zh: `${zh}格式不正确`, en: `The ${en} is not valid` };
    case 'enum':
      return field.options.some((option) => option.value === value) ? null : { zh: `${zh}取值无效`, en: `The ${en} is not one of the choices` };
    default:
      return typeof value === 'string' ? null : { zh: `${zh}格式不正确`, en: `The ${en} is not valid` };
  }
}

/** The words of an enum field's value (a list cell, an export cell); the value itself when it is none of the options. */
export const choiceLabel = (field: EnumField, value: unknown): Label => field.options.find((option) => option.value === value)?.label ?? { zh: String(value), en: String(value) };

/** Every field's first issue (the form shows them under the inputs; the server joins them into one 40000). */
export function resourceIssues(definition: ResourceDefinition, input: Record<string, unknown>): FieldIssue[] {
  const issues: FieldIssue[] = [];
  for (const [name, field] of Object.entries(definition.fields)) {
    if (field.readOnly) continue;
    const message = fieldIssue(field, input[name]);
    if (message) issues.push({ field: name, message });
  }
  return issues;
}

/** 所属教学楼不存在 / The building does not exist: a ref, person, org or dictionary value that names nothing of the school. */
export const unknownText = (field: ResourceField): Label => ({ zh: `${field.label.zh}不存在`, en: `The ${inSentence(field.label.en)} does not exist` });

/** 编号A101已存在 / The code A101 exists already. */
export const uniqueText = (field: ResourceField, value: unknown): Label => ({ zh: `${field.label.zh}${String(value)}已存在`, en: `The ${inSentence(field.label.en)} ${String(value)} exists already` });

/** 该所属宿舍楼中房间号101已存在 / The room number 101 exists already in this dormitory building: a value unique within another field's (uniqueWithin). */
export const uniqueWithinText = (field: ResourceField, scope: ResourceField, value: unknown): Label => ({
  zh: `该${scope.label.zh}中${field.label.zh}${String(value)}已存在`,
  en: `The ${inSentence(field.label.en)} ${String(value)} exists already in this ${inSentence(scope.label.en)}`,
});

/** 教室“101教室”已被其他班级使用 / The classroom 101教室 is already used by another class: a unique ref field, its target named by its label. */
export const refTakenText = (field: ResourceField, noun: Label, label: unknown): Label => ({
  zh: `${field.label.zh}“${String(label)}”已被其他${noun.zh}使用`,
  en: `The ${inSentence(field.label.en)} ${String(label)} is already used by another ${noun.en}`,
});

/**
 * The words of a unique value taken: within its scope field when the definition has one (uniqueWithin);
 * a ref field's value is its target's label (the kit looks it up: CrudService.shownValue), never its id.
 */
export function takenText(definition: AnyResourceDefinition, name: string, value: unknown): Label {
  const scope = definition.uniqueWithin?.[name];
  if (scope) return uniqueWithinText(definition.fields[name], definition.fields[scope], value);
  return definition.fields[name].kind === 'ref' ? refTakenText(definition.fields[name], definition.noun, value) : uniqueText(definition.fields[name], value);
}

/** A unique field's key in a row: its value, with its scope field's first when it is unique within one (uniqueWithin). */
export function uniqueKey(definition: AnyResourceDefinition, name: string, values: Record<string, unknown>): string {
  const scope = definition.uniqueWithin?.[name];
  return scope ? `${String(values[scope] ?? '')}\u0000${String(values[name])}` : String(values[name]);
}

/** The kit's own messages, built from the noun. */
export function resourceTexts(definition: Pick<ResourceDefinition, 'noun' | 'inUse'>) {
  const { zh } = definition.noun;
  const en = inSentence(definition.noun.en);
  return {
    notFound: { zh: `${zh}不存在`, en: `The ${en} does not exist` },
    stale: { zh: `${zh}已被他人修改，请刷新后重试`, en: `Someone else changed the ${en}; reload and try again` },
    inUse: definition.inUse ?? { zh: `${zh}正在使用，不能删除`, en: `The ${en} is in use and cannot be deleted` },
    saved: { zh: '保存成功', en: 'Saved' },
    deleted: { zh: '删除成功', en: 'Deleted' },
    imported: { zh: '导入成功', en: 'Imported' },
    /** an all-or-nothing delete some of whose rows are gone */
    deleteMissing: (count: number): Label => ({
      zh: `所选${zh}中有${count}个不存在或已被删除，未删除任何数据`,
      en: `${count} of the selected ${en}s ${count === 1 ? 'no longer exists' : 'no longer exist'}; nothing was deleted`,
    }),
    /** an export of more rows than one file holds (RESOURCE_EXPORT_MAX_ROWS) */
    exportTooLarge: {
      zh: `导出最多${RESOURCE_EXPORT_MAX_ROWS}行，请缩小搜索范围`,
      en: `An export holds at most ${RESOURCE_EXPORT_MAX_ROWS.toLocaleString('en')} rows; narrow the search`,
    },
  } satisfies Record<string, Label | ((count: number) => Label)>;
}

/** Joins issue texts into one message: zh with '；', en with '; '. */
export const joinIssues = (issues: readonly Label[], lang: 'zh' | 'en'): string => issues.map((issue) => issue[lang]).join(lang === 'zh' ? '；' : '; ');

/** An import file's limits (kit-api.md): the server refuses beyond them, the dialog before sending. */
export const RESOURCE_IMPORT_LIMITS = { maxRows: 5000, maxKB: 5 * 1024 } as const;
/** Most rows one export writes (as many as an import reads, so an export imports back). */
export const RESOURCE_EXPORT_MAX_ROWS = RESOURCE_IMPORT_LIMITS.maxRows;

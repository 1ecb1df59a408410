import { z } from 'zod';
import { isCalendarDate } from './date-rules';
import { sortedTableARequest } from './envelope';
import { jsonObjectInput } from './input';
import type { AnyResourceDefinition, ResourceField } from './resource';

/**
 * The zod schemas of a kit resource (contracts/resource.ts), built from its definition: the calls of
 * docs kit-api (list, save, toggle, delete, options, export). Save bounds each field's base type
 * only, generously: the precise rule (required, length, pattern, range) is `resourceIssues`, which the
 * service runs so the form and the server say the same words.
 */

/** Longest search box text (a contains rule) */
export const RESOURCE_SEARCH_MAX = 50;
/** Most ids one delete takes */
export const RESOURCE_DELETE_MAX = 500;

const blankOr = (schema: z.ZodType<string>) => z.union([z.literal(''), schema]);
const searchText = z.string().trim().max(RESOURCE_SEARCH_MAX);
const uuidOrBlank = blankOr(z.uuid());

/** What one equals or range box accepts for a field: '' is no filter. */
function searchValue(field: ResourceField): z.ZodType<string> {
  switch (field.kind) {
    case 'boolean':
      return z.enum(['', '0', '1']);
    case 'int':
      return blankOr(z.string().trim().regex(/^-?\d{1,9}$/));
    case 'decimal':
      return blankOr(z.string().trim().regex(/^-?\d{1,12}(\.\d{1,6})?$/));
    case 'date':
      return blankOr(z.string().trim().refine(isCalendarDate));
    case 'ref':
    case 'person':
    case 'org':
    case 'file':
      return uuidOrBlank;
    default:
      return searchText;
  }
}

/** The list's `search` object: one optional string per search key; a range key k is `kFrom` and `kTo`. */
export function resourceSearchSchema(definition: AnyResourceDefinition) {
  const shape: Record<string, z.ZodOptional<z.ZodType<string>>> = {};
  for (const [key, rule] of Object.entries(definition.search)) {
    if ('contains' in rule) shape[key] = searchText.optional();
    else if ('equals' in rule) shape[key] = searchValue(definition.fields[rule.equals]).optional();
    else {
      shape[`${key}From`] = searchValue(definition.fields[rule.range]).optional();
      shape[`${key}To`] = searchValue(definition.fields[rule.range]).optional();
    }
  }
  return z.object(shape);
}

/** A field's base type on save, bounded generously (resourceIssues says precisely what is wrong). */
function saveValue(field: ResourceField): z.ZodType {
  switch (field.kind) {
    case 'text':
      return z.string().max(Math.max(field.max * 2, 200)).default('');
    case 'int':
    case 'decimal':
      return z.number().nullable().default(null);
    case 'boolean':
      return z.boolean().default(field.default ?? false);
    case 'enum':
      return z.string().max(100).default(field.default ?? '');
    case 'date':
    case 'dict':
      return z.string().trim().max(100).default('');
    case 'person':
    case 'org':
    case 'ref':
    case 'file':
      return uuidOrBlank.default('');
  }
}

export interface ResourceListRequest {
  currPage: number;
  limit: number;
  sortField?: string;
  order?: string;
  search: Record<string, string | undefined>;
}
export type ResourceExportRequest = Omit<ResourceListRequest, 'currPage' | 'limit'>;
/** every non-readOnly field, plus id and version when editing */
export type ResourceSaveRequest = Record<string, unknown> & { id?: string; version?: number };
/** `{ id, <field>: boolean, version }` */
export type ResourceToggleRequest = Record<string, unknown> & { id: string; version: number };
export interface ResourceDeleteRequest {
  ids: string[];
}
export interface ResourceOption {
  id: string;
  label: string;
}

/** The schemas of every call of a kit resource (docs: kit-api.md). */
export function resourceSchemas(definition: AnyResourceDefinition) {
  const sortable = [...(definition.sortable ?? []), 'updatedAt'] as unknown as [string, ...string[]];
  const list = sortedTableARequest(sortable).extend({ search: jsonObjectInput(resourceSearchSchema(definition)) });

  const fields: Record<string, z.ZodType> = {};
  for (const [name, field] of Object.entries(definition.fields)) if (!field.readOnly) fields[name] = saveValue(field);
  const save = z
    .object({ id: z.uuid().optional(), version: z.number().int().min(0).optional(), ...fields })
    .superRefine((value, ctx) => {
      if (value.id !== undefined && value.version === undefined) ctx.addIssue({ code: 'invalid_type', expected: 'number', path: ['version'], input: undefined });
    });

  const toggles: Record<string, z.ZodType<ResourceToggleRequest>> = {};
  for (const field of Object.keys(definition.toggles ?? {})) {
    toggles[field] = z.object({ id: z.uuid(), version: z.number().int().min(0), [field]: z.boolean() }) as unknown as z.ZodType<ResourceToggleRequest>;
  }

  return {
    list: list as unknown as z.ZodType<ResourceListRequest>,
    save: save as unknown as z.ZodType<ResourceSaveRequest>,
    toggles,
    delete: z.object({ ids: z.array(z.uuid()).min(1).max(RESOURCE_DELETE_MAX) }) as z.ZodType<ResourceDeleteRequest>,
    options: z.object({}).optional(),
    export: list.omit({ currPage: true, limit: true, page: true }) as unknown as z.ZodType<ResourceExportRequest>,
  };
}
export type ResourceSchemas = ReturnType<typeof resourceSchemas>;

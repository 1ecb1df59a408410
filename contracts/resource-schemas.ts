import { z } from 'zod';
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

/**
 * The list's `search` object: one optional string per search key; a range key k is `kFrom` and `kTo`.
 * An equals or range value that does not parse as its field's (a stale link's campusId that is no
 * uuid, 'yes' for a boolean) is no filter, as the client's URL parser treats it: the repository's
 * `searchValueOf` reads it (server/kit/crud-repository.ts), so the words of a refusal never arise.
 */
export function resourceSearchSchema(definition: AnyResourceDefinition) {
  const shape: Record<string, z.ZodOptional<z.ZodType<string>>> = {};
  for (const [key, rule] of Object.entries(definition.search)) {
    if ('contains' in rule) shape[key] = searchText.optional();
    else if ('equals' in rule) shape[key] = z.string().optional();
    else {
      shape[`${key}From`] = z.string().optional();
      shape[`${key}To`] = z.string().optional();
    }
  }
  return z.object(shape);
}

/** A field's base type on save, bounded generously (resourceIssues says precisely what is wrong). */
function saveValue(field: ResourceField): z.ZodType {
  switch (field.kind) {
    case 'text':
      // no length bound here: the body limit caps the size, and resourceIssues says "…不能超过N个字符" with the field's label
      return z.string().default('');
    case 'int':
    case 'decimal':
      return z.number().nullable().default(null);
    case 'boolean':
      return z.boolean().default(field.default ?? false);
    case 'enum':
      return z.string().default(field.default ?? '');
    case 'date':
    case 'dict':
      return z.string().trim().default('');
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

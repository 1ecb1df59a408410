import { z } from 'zod';
import { sortedTableARequest } from './envelope';
import { jsonObjectInput } from './input';
import { AI_PROMPT_LIMITS as L } from './ai-prompt-rules';

/**
 * AI提示词管理 (/system/aitsc): the prompts a school's AI features use, a plain list. Code unique in
 * the school; the format and length rules (ai-prompt-rules.ts aiPromptIssues) are checked by the
 * form as typed and by the service with the same messages, so the schema below only bounds sizes.
 */
export * from './ai-prompt-rules';

const text = (max: number) => z.string().trim().max(max);

/** `POST /api/ai-prompts/list`: table A; search keyword (name, code or scene contains), enabled '1' / '0'. */
export const aiPromptSearch = z.object({ keyword: text(50).optional(), enabled: z.enum(['', '0', '1']).optional() });
/** the columns the prompt list sorts by */
export const AI_PROMPT_SORT_FIELDS = ['code', 'name', 'scene', 'sort', 'enabled', 'updatedAt'] as const;
export type AiPromptSortField = (typeof AI_PROMPT_SORT_FIELDS)[number];
export const aiPromptListRequest = sortedTableARequest(AI_PROMPT_SORT_FIELDS).extend({ search: jsonObjectInput(aiPromptSearch) });
export type AiPromptListRequest = z.infer<typeof aiPromptListRequest>;

export interface AiPromptRow {
  id: string;
  code: string;
  name: string;
  scene: string;
  content: string;
  model: string;
  enabled: boolean;
  sort: number;
  remark: string;
  updatedAt: string;
  version: number;
}

/** `POST /api/ai-prompts/save`: add (no id) or edit (id with the version it was read at). */
export const aiPromptSaveRequest = z
  .object({
    id: z.uuid().optional(),
    version: z.number().int().min(0).optional(),
    // sizes bounded generously here; the service says precisely what is wrong (aiPromptIssues)
    code: z.string().max(200),
    name: z.string().max(200),
    scene: text(L.sceneMax).default(''),
    content: z.string().max(L.contentMax * 2),
    model: text(L.modelMax).default(''),
    enabled: z.boolean().default(true),
    sort: z.number().int().min(0).max(L.sortMax).default(0),
    remark: text(L.remarkMax).default(''),
  })
  .superRefine((value, ctx) => {
    if (value.id !== undefined && value.version === undefined) ctx.addIssue({ code: 'invalid_type', expected: 'number', path: ['version'], input: undefined });
  });
export type AiPromptSaveRequest = z.infer<typeof aiPromptSaveRequest>;

/** `POST /api/ai-prompts/enable`: enable (true) or disable (false), with the version read. */
export const aiPromptEnableRequest = z.object({ id: z.uuid(), enabled: z.boolean(), version: z.number().int().min(0) });
export type AiPromptEnableRequest = z.infer<typeof aiPromptEnableRequest>;

/** `POST /api/ai-prompts/delete`: one or several. */
export const aiPromptDeleteRequest = z.object({ ids: z.array(z.uuid()).min(1).max(500) });
export type AiPromptDeleteRequest = z.infer<typeof aiPromptDeleteRequest>;

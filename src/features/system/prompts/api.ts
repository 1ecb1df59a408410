import type { QueryClient } from '@tanstack/react-query';
import type { AiPromptRow } from '../../../../contracts/ai-prompts';
import { tableKeys, tableQueryOptions, type TableQueryInput } from '../../../components/table/table-query';
import { post } from '../../../lib/http';
import type { PromptSearchParams } from './search';

/** AI提示词管理's calls (contracts/ai-prompts.ts; server/modules/ai-prompts). */
export const PROMPT_URLS = { list: '/api/ai-prompts/list', save: '/api/ai-prompts/save', enable: '/api/ai-prompts/enable', delete: '/api/ai-prompts/delete' } as const;

export interface PromptInput {
  id?: string;
  version?: number;
  code: string;
  name: string;
  scene: string;
  content: string;
  model: string;
  enabled: boolean;
  sort: number;
  remark: string;
}

export const promptListInput = (search: PromptSearchParams): TableQueryInput => ({
  url: PROMPT_URLS.list,
  kind: 'A',
  filters: { ...(search.keyword ? { keyword: search.keyword } : {}), ...(search.enabled ? { enabled: search.enabled } : {}) },
  page: search.page ?? 0,
  size: search.size ?? 10,
});

export const savePrompt = (body: PromptInput) => post<{ id: string }>(PROMPT_URLS.save, body);
export const setPromptEnabled = (row: AiPromptRow, enabled: boolean) => post<{ enabled: boolean }>(PROMPT_URLS.enable, { id: row.id, enabled, version: row.version });
export const deletePrompts = (ids: string[]) => post<{ deleted: number }>(PROMPT_URLS.delete, { ids });
export const refreshPrompts = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: tableKeys.url(PROMPT_URLS.list) });

export async function loadPrompts(queryClient: QueryClient, search: PromptSearchParams): Promise<void> {
  await queryClient.ensureQueryData(tableQueryOptions<AiPromptRow>(promptListInput(search))).catch(() => undefined);
}

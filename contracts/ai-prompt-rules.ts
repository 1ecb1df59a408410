// AI提示词管理 (/system/aitsc): constants and the form rules, without zod (screens and route files may
// import them). contracts/ai-prompts.ts re-exports everything here.

export const AI_PROMPTS_PERMISSION = 'system_ai_prompt';
export const AI_PROMPTS_ADD_PERMISSION = 'system_ai_prompt_add';
export const AI_PROMPTS_EDIT_PERMISSION = 'system_ai_prompt_edit';
export const AI_PROMPTS_DELETE_PERMISSION = 'system_ai_prompt_delete';

export const AI_PROMPT_LIMITS = {
  codeMax: 50,
  nameMax: 50,
  sceneMax: 50,
  contentMax: 4000,
  modelMax: 100,
  remarkMax: 300,
  sortMax: 9999,
} as const;

/** A prompt's code: letters, digits and underscore (how a feature names the prompt it uses). */
export const AI_PROMPT_CODE_PATTERN = /^[A-Za-z0-9_]+$/;

export type AiPromptIssueCode = 'aiPromptsCodeRequired' | 'aiPromptsCodeFormat' | 'aiPromptsCodeTooLong' | 'aiPromptsNameRequired' | 'aiPromptsNameTooLong' | 'aiPromptsContentRequired' | 'aiPromptsContentTooLong';

/** The rules the form shows as typed and the server refuses with the same words (server/i18n/messages.ts). */
export function aiPromptIssues(input: { code: string; name: string; content: string }): { field: 'code' | 'name' | 'content'; code: AiPromptIssueCode }[] {
  const issues: { field: 'code' | 'name' | 'content'; code: AiPromptIssueCode }[] = [];
  const code = input.code.trim();
  if (!code) issues.push({ field: 'code', code: 'aiPromptsCodeRequired' });
  else if (code.length > AI_PROMPT_LIMITS.codeMax) issues.push({ field: 'code', code: 'aiPromptsCodeTooLong' });
  else if (!AI_PROMPT_CODE_PATTERN.test(code)) issues.push({ field: 'code', code: 'aiPromptsCodeFormat' });
  const name = input.name.trim();
  if (!name) issues.push({ field: 'name', code: 'aiPromptsNameRequired' });
  else if (name.length > AI_PROMPT_LIMITS.nameMax) issues.push({ field: 'name', code: 'aiPromptsNameTooLong' });
  if (!input.content.trim()) issues.push({ field: 'content', code: 'aiPromptsContentRequired' });
  else if (input.content.length > AI_PROMPT_LIMITS.contentMax) issues.push({ field: 'content', code: 'aiPromptsContentTooLong' });
  return issues;
}

/** The words of each issue (server messages and the form show the same). */
export const AI_PROMPT_ISSUE_TEXT: Record<AiPromptIssueCode, { zh: string; en: string }> = {
  aiPromptsCodeRequired: { zh: '请输入编码', en: 'Enter a code' },
  aiPromptsCodeFormat: { zh: '编码只能包含字母、数字和下划线', en: 'The code may contain only letters, digits and underscores' },
  aiPromptsCodeTooLong: { zh: '编码不能超过50个字符', en: 'The code may have at most 50 characters' },
  aiPromptsNameRequired: { zh: '请输入名称', en: 'Enter a name' },
  aiPromptsNameTooLong: { zh: '名称不能超过50个字符', en: 'The name may have at most 50 characters' },
  aiPromptsContentRequired: { zh: '请输入提示词内容', en: 'Enter the prompt text' },
  aiPromptsContentTooLong: { zh: '提示词内容不能超过4000个字符', en: 'The prompt text may have at most 4000 characters' },
};

/**
 * AI提示词管理 (/system/aitsc) is a kit resource now: contracts/resources/ai-prompts.ts. What is left
 * here is what the current screens still import (the client helper moves them onto the kit; the lead
 * removes this file then).
 */
export * from './ai-prompt-rules';

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

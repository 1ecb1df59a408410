import {
  AI_PROMPTS_ADD_PERMISSION,
  AI_PROMPTS_DELETE_PERMISSION,
  AI_PROMPTS_EDIT_PERMISSION,
  AI_PROMPTS_PERMISSION,
  aiPromptDeleteRequest,
  aiPromptEnableRequest,
  aiPromptListRequest,
  aiPromptSaveRequest,
} from '../../../contracts/ai-prompts';
import { defineRoute } from '../../plugins/define-route';

/** AI提示词管理 (/system/aitsc): contracts/ai-prompts.ts. */
export const aiPromptsRoutes = [
  defineRoute({
    method: 'POST',
    url: '/api/ai-prompts/list',
    access: { anyOf: [AI_PROMPTS_PERMISSION] },
    summary: 'table A of the prompts: keyword (name, code or scene), enabled 1/0',
    body: aiPromptListRequest,
    handler: ({ tx, body, services }) => services.aiPrompts.list(tx, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/ai-prompts/save',
    access: { anyOf: [AI_PROMPTS_ADD_PERMISSION, AI_PROMPTS_EDIT_PERMISSION] },
    summary: 'adds (no id, _add) or edits (id + version, _edit) a prompt: code letters/digits/underscore ≤ 50 and unique, name ≤ 50, content ≤ 4000',
    body: aiPromptSaveRequest,
    handler: async ({ tx, session, body, services, setMessage }) => {
      const data = await services.aiPrompts.save(tx, session, body);
      setMessage('aiPromptsSaved');
      return data;
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/api/ai-prompts/enable',
    access: { anyOf: [AI_PROMPTS_EDIT_PERMISSION] },
    summary: 'enables or disables a prompt (version)',
    body: aiPromptEnableRequest,
    handler: async ({ tx, session, body, services, setMessage }) => {
      const data = await services.aiPrompts.setEnabled(tx, session, body);
      setMessage(data.enabled ? 'aiPromptsEnabled' : 'aiPromptsDisabled');
      return data;
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/api/ai-prompts/delete',
    access: { anyOf: [AI_PROMPTS_DELETE_PERMISSION] },
    summary: 'deletes one or several prompts (ids)',
    body: aiPromptDeleteRequest,
    handler: async ({ tx, session, body, services, setMessage }) => {
      const data = await services.aiPrompts.delete(tx, session, body);
      setMessage('aiPromptsDeleted');
      return data;
    },
  }),
];

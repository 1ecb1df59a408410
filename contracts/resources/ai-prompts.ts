import { boolean, int, resource, text } from '../resource';

/** AI提示词管理 (/system/aitsc): the prompts a school's AI features use; a feature names its prompt by code. */
export const aiPrompts = resource({
  name: 'ai-prompts',
  title: { zh: 'AI提示词管理', en: 'AI prompts' },
  noun: { zh: '提示词', en: 'prompt' },
  path: '/api/ai-prompts',
  perm: 'system_ai_prompt',
  fields: {
    code: text({ zh: '编码', en: 'Code' }, { max: 50, required: true, pattern: { regex: /^[A-Za-z0-9_]+$/, message: { zh: '只能包含字母、数字和下划线', en: 'may contain only letters, digits and underscores' } } }),
    name: text({ zh: '名称', en: 'Name' }, { max: 50, required: true }),
    scene: text({ zh: '使用场景', en: 'Scene' }, { max: 50 }),
    content: text({ zh: '提示词内容', en: 'Prompt text' }, { max: 4000, required: true, rows: 8, raw: true }),
    model: text({ zh: '模型', en: 'Model' }, { max: 100, hint: { zh: '留空使用默认模型', en: 'Leave empty for the default model' } }),
    enabled: boolean({ zh: '启用', en: 'Enabled' }, { on: { zh: '启用', en: 'Enabled' }, off: { zh: '停用', en: 'Disabled' }, default: true }),
    sort: int({ zh: '排序', en: 'Order' }, { min: 0, max: 9999, empty: 0 }),
    remark: text({ zh: '备注', en: 'Remark' }, { max: 300, rows: 2 }),
  },
  unique: ['code'],
  toggles: { enabled: { route: 'enable', on: { zh: '已启用', en: 'Enabled' }, off: { zh: '已停用', en: 'Disabled' } } },
  search: { keyword: { contains: ['name', 'code', 'scene'], label: { zh: '名称/编码/场景', en: 'Name, code or scene' } }, enabled: { equals: 'enabled' } },
  order: [{ field: 'sort' }, { field: 'code' }],
  sortable: ['code', 'name', 'scene', 'sort', 'enabled'],
  importable: true,
  exportable: true,
});

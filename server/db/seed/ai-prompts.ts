import { v7 as uuidv7 } from 'uuid';
import { aiPrompts } from '../../modules/ai-prompts/ai-prompts.table';
import type { Tx } from '../client';

/** AI提示词管理's demo rows (the K12 demo school): three prompts of everyday school writing. */
export const DEMO_AI_PROMPTS = [
  {
    code: 'student_comment',
    name: '评语生成',
    scene: '期末评语',
    content:
      '你是一位经验丰富的班主任。请根据以下学生信息，写一段150字以内的期末评语：先肯定优点，再具体指出一处可以改进的地方，最后给出鼓励。语气亲切、真诚，避免空话套话。\n学生信息：{student}',
    sort: 10,
  },
  {
    code: 'notice_polish',
    name: '通知润色',
    scene: '通知公告',
    content: '请润色下面这则学校通知：保持原意和所有日期、时间、地点不变，语言简洁、正式、礼貌，条理清楚，必要时分条列出。\n通知原文：{notice}',
    sort: 20,
  },
  {
    code: 'parent_message',
    name: '家长沟通',
    scene: '家校沟通',
    content: '请以班主任的身份，写一条发给家长的消息，说明以下情况，并提出家校配合的具体建议。语气尊重、温和，不超过200字。\n情况说明：{situation}',
    sort: 30,
  },
] as const;

export async function seedAiPrompts(tx: Tx, tenantId: string): Promise<void> {
  await tx.insert(aiPrompts).values(DEMO_AI_PROMPTS.map((prompt) => ({ tenantId, id: uuidv7(), ...prompt, model: '', enabled: true, remark: '' })));
}

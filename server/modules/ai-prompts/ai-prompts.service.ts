import { v7 as uuidv7 } from 'uuid';
import {
  AI_PROMPTS_ADD_PERMISSION,
  AI_PROMPTS_DELETE_PERMISSION,
  AI_PROMPTS_EDIT_PERMISSION,
  aiPromptIssues,
  type AiPromptDeleteRequest,
  type AiPromptEnableRequest,
  type AiPromptListRequest,
  type AiPromptRow,
  type AiPromptSaveRequest,
} from '../../../contracts/ai-prompts';
import { ResponseCode, type TableAData, tableASortOf } from '../../../contracts/envelope';
import type { Tx } from '../../db/client';
import { uniquely } from '../../db/unique';
import { type Lang, type MessageKey, translate } from '../../i18n/messages';
import { AppError } from '../../plugins/envelope';
import type { Session } from '../auth/session.types';
import type { PermissionsService } from '../permissions/permissions.service';
import { type AiPromptRecord, aiPromptsRepository as repo } from './ai-prompts.repository';

const toRow = (row: AiPromptRecord): AiPromptRow => ({
  id: row.id,
  code: row.code,
  name: row.name,
  scene: row.scene,
  content: row.content,
  model: row.model,
  enabled: row.enabled,
  sort: row.sort,
  remark: row.remark,
  updatedAt: row.updatedAt.toISOString(),
  version: row.version,
});

/** AI提示词管理 (/system/aitsc): a plain list; code unique in the school. */
export class AiPromptsService {
  constructor(private readonly permissions: PermissionsService) {}

  async list(tx: Tx, request: AiPromptListRequest): Promise<TableAData<AiPromptRow>> {
    const { keyword, enabled } = request.search;
    const sort = tableASortOf(request);
    const { total, rows } = await repo.page(tx, { keyword: keyword || undefined, enabled: enabled === '1' ? true : enabled === '0' ? false : undefined }, request.currPage, request.limit, sort);
    return { total, rows: rows.map(toRow) };
  }

  async save(tx: Tx, session: Session, request: AiPromptSaveRequest): Promise<{ id: string }> {
    await this.permissions.assertHas(tx, session, request.id ? AI_PROMPTS_EDIT_PERMISSION : AI_PROMPTS_ADD_PERMISSION);
    const issues = aiPromptIssues(request);
    if (issues.length > 0) {
      throw new AppError(ResponseCode.invalidInput, (lang: Lang) => issues.map((issue) => translate(lang, issue.code as MessageKey)).join(lang === 'zh' ? '；' : '; '));
    }
    const code = request.code.trim();
    const taken = () => new AppError(ResponseCode.conflict, 'aiPromptsCodeTaken', { code });
    const values = {
      code,
      name: request.name.trim(),
      scene: request.scene,
      content: request.content,
      model: request.model,
      enabled: request.enabled,
      sort: request.sort,
      remark: request.remark,
      updatedBy: session.userId,
    };
    if (!request.id) {
      if (await repo.codeTaken(tx, code)) throw taken();
      const id = uuidv7();
      await uniquely(() => repo.insert(tx, { tenantId: session.tenantId, id, ...values, createdBy: session.userId }), taken);
      return { id };
    }
    const existing = await repo.byIdForUpdate(tx, request.id);
    if (!existing) throw new AppError(ResponseCode.notFound, 'aiPromptsNotFound');
    if (await repo.codeTaken(tx, code, existing.id)) throw taken();
    const updated = await uniquely(() => repo.update(tx, existing.id, request.version ?? -1, values), taken);
    if (!updated) throw new AppError(ResponseCode.conflict, 'aiPromptsStale');
    return { id: existing.id };
  }

  async setEnabled(tx: Tx, session: Session, request: AiPromptEnableRequest): Promise<{ enabled: boolean }> {
    await this.permissions.assertHas(tx, session, AI_PROMPTS_EDIT_PERMISSION);
    const existing = await repo.byIdForUpdate(tx, request.id);
    if (!existing) throw new AppError(ResponseCode.notFound, 'aiPromptsNotFound');
    if (!(await repo.update(tx, existing.id, request.version, { enabled: request.enabled, updatedBy: session.userId }))) throw new AppError(ResponseCode.conflict, 'aiPromptsStale');
    return { enabled: request.enabled };
  }

  async delete(tx: Tx, session: Session, request: AiPromptDeleteRequest): Promise<{ deleted: number }> {
    await this.permissions.assertHas(tx, session, AI_PROMPTS_DELETE_PERMISSION);
    const deleted = await repo.remove(tx, [...new Set(request.ids)]);
    if (deleted === 0) throw new AppError(ResponseCode.notFound, 'aiPromptsNotFound');
    return { deleted };
  }
}

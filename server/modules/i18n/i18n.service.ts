import { ResponseCode, type TableAData } from '../../../contracts/envelope';
import type { LanguageListData } from '../../../contracts/session';
import { LANGUAGE_KEY_PATTERN, type LanguageEntryListRequest, type LanguageEntryRow, type LanguageSaveRequest } from '../../../contracts/settings';
import type { Tx } from '../../db/client';
import { AppError } from '../../plugins/envelope';
import type { Session } from '../auth/auth.service';
import { i18nRepository } from './i18n.repository';

export class I18nService {
  /** The tenant's own texts as {zh: {key: text}, en: {key: text}}; empty maps without a tenant. */
  async languageList(tx: Tx, hasTenant: boolean): Promise<LanguageListData> {
    const data: LanguageListData = { zh: {}, en: {} };
    if (!hasTenant) return data;
    for (const entry of await i18nRepository.allEntries(tx)) data[entry.lang][entry.key] = entry.text;
    return data;
  }

  /** 语言词条 (系统配置): table A of keys with both texts; search on key or text, optionally one language. */
  async entries(tx: Tx, request: LanguageEntryListRequest): Promise<TableAData<LanguageEntryRow>> {
    const filters = { keyword: request.search.keyword, lang: request.search.lang };
    const rows = await i18nRepository.page(tx, filters, request.currPage * request.limit, request.limit, request.order === 'desc' || request.order === 'descending');
    const total = rows[0]?.total ?? (await i18nRepository.count(tx, filters));
    return { total, rows: rows.map(({ key, zh, en }) => ({ key, zh, en })) };
  }

  /** Saves a key with its zh and en texts (a key is unique per language); `previousKey` renames. */
  async save(tx: Tx, session: Session, request: LanguageSaveRequest): Promise<{ key: string }> {
    if (!LANGUAGE_KEY_PATTERN.test(request.key)) throw new AppError(ResponseCode.invalidInput, 'settingsLanguageKeyInvalid');
    if (!request.zh && !request.en) throw new AppError(ResponseCode.invalidInput, 'settingsLanguageTextRequired');
    const renamed = request.previousKey !== undefined && request.previousKey !== request.key;
    if ((request.previousKey === undefined || renamed) && (await i18nRepository.keyExists(tx, request.key))) {
      throw new AppError(ResponseCode.conflict, 'settingsLanguageKeyTaken', { key: request.key });
    }
    if (renamed) {
      if (!(await i18nRepository.keyExists(tx, request.previousKey!))) throw new AppError(ResponseCode.notFound, 'settingsLanguageNotFound');
      await i18nRepository.deleteKeys(tx, [request.previousKey!]);
    }
    await i18nRepository.put(tx, session.tenantId, session.userId, 'zh', request.key, request.zh);
    await i18nRepository.put(tx, session.tenantId, session.userId, 'en', request.key, request.en);
    return { key: request.key };
  }

  async delete(tx: Tx, keys: readonly string[]): Promise<{ deleted: number }> {
    const removed = await i18nRepository.deleteKeys(tx, keys);
    if (removed.length === 0) throw new AppError(ResponseCode.notFound, 'settingsLanguageNotFound');
    return { deleted: new Set(removed.map((row) => row.key)).size };
  }
}

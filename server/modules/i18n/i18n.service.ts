import { ResponseCode, type TableAData } from '../../../contracts/envelope';
import type { LanguageListData } from '../../../contracts/session';
import { LANGUAGE_KEY_PATTERN, SETTINGS_EDIT_PERMISSION, type LanguageEntryListRequest, type LanguageEntryRow, type LanguageSaveRequest } from '../../../contracts/settings';
import type { Tx } from '../../db/client';
import { uniquely } from '../../db/unique';
import { AppError } from '../../plugins/envelope';
import type { Session } from '../auth/session.types';
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
    return { total, rows: rows.map(({ key, zh, en, version }) => ({ key, zh, en, version })) };
  }

  /**
   * Saves a key with its zh and en texts (a key is unique per language); `previousKey` edits (and
   * renames) at `version`: a stale one answers 40900; two adds of one key at once: one wins, the
   * other answers 40900 (the unique index), never a fault.
   */
  async save(tx: Tx, session: Session, request: LanguageSaveRequest, granted: ReadonlySet<string>): Promise<{ key: string; version: number }> {
    if (!granted.has(SETTINGS_EDIT_PERMISSION)) throw new AppError(ResponseCode.forbidden, 'forbidden');
    if (!LANGUAGE_KEY_PATTERN.test(request.key)) throw new AppError(ResponseCode.invalidInput, 'settingsLanguageKeyInvalid');
    if (!request.zh && !request.en) throw new AppError(ResponseCode.invalidInput, 'settingsLanguageTextRequired');
    const taken = () => new AppError(ResponseCode.conflict, 'settingsLanguageKeyTaken', { key: request.key });
    const editing = request.previousKey !== undefined;
    const renamed = editing && request.previousKey !== request.key;
    let version = 1;
    if (editing) {
      const current = await i18nRepository.lockKey(tx, request.previousKey!);
      if (current === null) throw new AppError(ResponseCode.notFound, 'settingsLanguageNotFound');
      if (request.version !== undefined && request.version !== current) throw new AppError(ResponseCode.conflict, 'settingsLanguageStale');
      version = current + 1;
    }
    if ((!editing || renamed) && (await i18nRepository.keyExists(tx, request.key))) throw taken();
    if (!editing || renamed) {
      if (renamed) await i18nRepository.deleteKeys(tx, [request.previousKey!]);
      for (const lang of ['zh', 'en'] as const) {
        if (request[lang]) await uniquely(() => i18nRepository.insert(tx, session.tenantId, session.userId, lang, request.key, request[lang]), taken);
      }
    } else {
      await i18nRepository.put(tx, session.tenantId, session.userId, 'zh', request.key, request.zh);
      await i18nRepository.put(tx, session.tenantId, session.userId, 'en', request.key, request.en);
    }
    await i18nRepository.setKeyVersion(tx, request.key, version);
    return { key: request.key, version };
  }

  /**
   * Deletes keys: every key must exist (server review L8: like users, roles and menus, an unknown one
   * answers 40400 and nothing is deleted, rather than deleting the others silently).
   */
  async delete(tx: Tx, keys: readonly string[], granted: ReadonlySet<string>): Promise<{ deleted: number }> {
    if (!granted.has(SETTINGS_EDIT_PERMISSION)) throw new AppError(ResponseCode.forbidden, 'forbidden');
    const wanted = new Set(keys);
    const removed = new Set((await i18nRepository.deleteKeys(tx, [...wanted])).map((row) => row.key));
    const missing = [...wanted].filter((key) => !removed.has(key));
    // the route's transaction rolls the deletion back with the refusal
    if (missing.length > 0) throw new AppError(ResponseCode.notFound, 'settingsLanguageMissing', { count: missing.length, keys: missing.slice(0, 3).join(', ') });
    return { deleted: removed.size };
  }
}

import type { LanguageListData } from '../../../contracts/session';
import type { Tx } from '../../db/client';
import { i18nRepository } from './i18n.repository';

export class I18nService {
  /** The tenant's own texts as {zh: {key: text}, en: {key: text}}; empty maps without a tenant. */
  async languageList(tx: Tx, hasTenant: boolean): Promise<LanguageListData> {
    const data: LanguageListData = { zh: {}, en: {} };
    if (!hasTenant) return data;
    for (const entry of await i18nRepository.allEntries(tx)) data[entry.lang][entry.key] = entry.text;
    return data;
  }
}

import type { DictDataListRequest, DictEntryRow, DictItem, DictsData } from '../../../contracts/dicts';
import type { TableAData } from '../../../contracts/envelope';
import type { Tx } from '../../db/client';
import { dictsRepository } from './dicts.repository';

/** Managing dictionaries (the dictionary menu of system management): may list unpublished entries. */
export const DICT_ADMIN_PERMISSION = 'system_dict';

export class DictsService {
  /**
   * `POST /dicts`: the published entries (valid today) of each requested type, in sort order.
   * Every requested code is a key of the answer; an unknown or unpublished type maps to [].
   */
  async dicts(tx: Tx, typeCodes: readonly string[]): Promise<DictsData> {
    const codes = [...new Set(typeCodes)];
    const data: DictsData = Object.fromEntries(codes.map((code) => [code, [] as DictItem[]]));
    for (const { typeCode, ...item } of await dictsRepository.publishedItems(tx, codes)) data[typeCode]?.push(item);
    return data;
  }

  /**
   * `POST /api/dict/getDictDataList` (generic table A): entries with every field. Without
   * system_dict only published entries are listed (asking for unpublished ones lists nothing).
   */
  async dictDataList(
    tx: Tx,
    request: DictDataListRequest,
    grantedCodes: () => Promise<ReadonlySet<string>>,
  ): Promise<TableAData<DictEntryRow>> {
    const search = request.search;
    const mayManage = (await grantedCodes()).has(DICT_ADMIN_PERMISSION);
    if (!mayManage && search.status === '0') return { total: 0, rows: [] };
    const filters = {
      typeCode: search.typeCode,
      keyword: search.keyword,
      parentCode: search.parentCode,
      status: mayManage ? search.status : ('1' as const),
    };
    const total = await dictsRepository.countEntries(tx, filters);
    const offset = request.currPage * request.limit;
    if (offset >= total) return { total, rows: [] };
    const order = request.sortField
      ? { field: request.sortField, direction: request.order === 'desc' || request.order === 'descending' ? ('desc' as const) : ('asc' as const) }
      : null;
    const rows = await dictsRepository.pageEntries(tx, filters, order, offset, request.limit);
    return { total, rows };
  }
}

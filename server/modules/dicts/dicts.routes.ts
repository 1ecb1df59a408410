import { dictDataListRequest, dictsRequest } from '../../../contracts/dicts';
import { defineRoute } from '../../plugins/routes';

// Dictionaries are reference data every screen may need (type selects, labels): any logged-in
// user reads published entries; unpublished ones need system_dict (DictsService).
export const dictsRoutes = [
  defineRoute({
    method: 'POST',
    url: '/dicts',
    access: 'session',
    summary: 'published entries of each dictionary type (typeArr: JSON array, repeated form keys or a comma list) → { [type]: entries }',
    body: dictsRequest,
    handler: ({ tx, body, services }) => services.dicts.dicts(tx, body.typeArr),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/dict/getDictDataList',
    access: 'session',
    summary: 'dictionary entries with every field (generic table A; search JSON: typeCode, keyword, parentCode, status)',
    body: dictDataListRequest,
    handler: ({ tx, session, body, services }) => services.dicts.dictDataList(tx, body, () => services.permissions.grantedCodes(tx, session)),
  }),
];

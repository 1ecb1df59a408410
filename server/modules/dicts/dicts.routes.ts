import {
  DICT_ADD_PERMISSION,
  DICT_DELETE_PERMISSION,
  DICT_EDIT_PERMISSION,
  DICT_EXPORT_PERMISSION,
  DICT_PERMISSION,
  dictDataListRequest,
  dictEntrySaveRequest,
  dictExportQuery,
  dictIdsRequest,
  dictsRequest,
  dictTypeListRequest,
  dictTypeSaveRequest,
} from '../../../contracts/dicts';
import { xlsxReply } from '../../kit/xlsx';
import { addOrEdit, changes, defineRoute, reads } from '../../plugins/define-route';
import { logTargets } from '../log-targets';


// Dictionaries are reference data every screen may need (type selects, labels): any logged-in
// user reads published entries; unpublished ones need system_dict (DictsService).
export const dictsRoutes = [
  defineRoute({
    method: 'POST',
    url: '/dicts',
    operation: reads('加载字典', 'Load dictionaries'),
    access: 'session',
    summary: 'published entries of each dictionary type (typeArr: JSON array, repeated form keys or a comma list) → { [type]: entries }',
    body: dictsRequest,
    handler: ({ tx, body, services }) => services.dicts.dicts(tx, body.typeArr),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/dict/getDictDataList',
    operation: reads('查询字典项', 'Search dictionary entries'),
    access: 'session',
    summary: 'dictionary entries with every field (generic table A; search JSON: typeCode, keyword, parentCode, status)',
    body: dictDataListRequest,
    handler: ({ tx, session, body, services }) => services.dicts.dictDataList(tx, body, () => services.permissions.grantedCodes(tx, session)),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/dict/revision',
    operation: reads('检查字典版本', 'Check the dictionaries version'),
    access: 'session',
    summary: "a fingerprint of the school's dictionaries (counts, newest change, today): clients drop cached dictionaries when it moved",
    handler: ({ tx, services }) => services.dicts.revision(tx),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/dict/types/list',
    operation: reads('查询字典类型', 'Search dictionary types'),
    access: { anyOf: [DICT_PERMISSION] },
    summary: '数据字典: every type (keyword on code, name, English name) with its entry count and built-in flag',
    body: dictTypeListRequest,
    handler: ({ tx, body, services }) => services.dicts.types(tx, body.keyword),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/dict/types/save',
    operation: { ...changes('保存字典类型', 'Save a dictionary type'), variants: addOrEdit('字典类型', 'dictionary type') },
    access: { anyOf: [DICT_ADD_PERMISSION, DICT_EDIT_PERMISSION] },
    summary: 'adds (no id) or edits (id + version) a type: code STD_GB_/STD_JB_/STD_XB_/STD_ + capitals, unique; name ≤ 40; built-in types keep their code',
    body: dictTypeSaveRequest,
    target: async ({ body }) => ({ text: `${body.name} (${body.code})`, variant: body.id ? 'edit' : 'add' }),
    handler: async ({ tx, session, body, services }) => services.dicts.saveType(tx, session, body, await services.permissions.grantedCodes(tx, session)),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/dict/types/delete',
    operation: changes('删除字典类型', 'Delete dictionary types'),
    access: { anyOf: [DICT_DELETE_PERMISSION] },
    summary: 'deletes types (ids) with their entries; built-in types refused',
    body: dictIdsRequest,
    target: ({ tx, body }) => logTargets.dictTypes(tx, body.ids),
    handler: async ({ tx, session, body, services }) => services.dicts.deleteTypes(tx, body.ids, await services.permissions.grantedCodes(tx, session)),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/dict/entries/save',
    operation: { ...changes('保存字典项', 'Save a dictionary entry'), variants: addOrEdit('字典项', 'dictionary entry') },
    access: { anyOf: [DICT_ADD_PERMISSION, DICT_EDIT_PERMISSION] },
    summary: 'adds or edits an entry: code unique in its type, parent an entry of the type without cycles (level = parent + 1), start not after end',
    body: dictEntrySaveRequest,
    target: async ({ body }) => ({ text: `${body.name} (${body.code})`, variant: body.id ? 'edit' : 'add' }),
    handler: async ({ tx, session, body, services }) => services.dicts.saveEntry(tx, session, body, await services.permissions.grantedCodes(tx, session)),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/dict/entries/delete',
    operation: changes('删除字典项', 'Delete dictionary entries'),
    access: { anyOf: [DICT_DELETE_PERMISSION] },
    summary: 'deletes entries (ids); refused while one has a child not deleted with it',
    body: dictIdsRequest,
    target: ({ tx, body }) => logTargets.dictEntries(tx, body.ids),
    handler: async ({ tx, session, body, services }) => services.dicts.deleteEntries(tx, body.ids, await services.permissions.grantedCodes(tx, session)),
  }),
  defineRoute({
    method: 'GET',
    url: '/api/dict/export',
    answers: 'file',
    operation: reads('导出字典', 'Export a dictionary'),
    access: { anyOf: [DICT_EXPORT_PERMISSION] },
    summary: "a type's entries with every field as .xlsx (?typeId=), titles in the caller's language",
    query: dictExportQuery,
    handler: async ({ tx, query, services, reply, lang }) => {
      const { fileName, bytes } = await services.dicts.export(tx, query.typeId, lang);
      return xlsxReply(reply, fileName, bytes);
    },
  }),
];

import { int, LETTERS_DIGITS, resource, text } from '../resource';

/** 校区管理 (/jcsj/xqgl): a school's campuses (SPEC §5 places: code and name at most 30 letters or digits, unique). */
export const campuses = resource({
  name: 'campuses',
  title: { zh: '校区管理', en: 'Campuses' },
  noun: { zh: '校区', en: 'campus' },
  path: '/api/campuses',
  perm: 'xqgl',
  fields: {
    code: text({ zh: '校区编号', en: 'Code' }, { max: 30, required: true, pattern: LETTERS_DIGITS }),
    name: text({ zh: '校区名称', en: 'Name' }, { max: 30, required: true, pattern: LETTERS_DIGITS }),
    address: text({ zh: '地址', en: 'Address' }, { max: 100 }),
    sort: int({ zh: '排序', en: 'Order' }, { min: 0, max: 99, empty: 0 }),
  },
  unique: ['code', 'name'],
  search: { keyword: { contains: ['code', 'name'], label: { zh: '编号/名称', en: 'Code or name' } } },
  order: [{ field: 'sort' }, { field: 'code' }],
  sortable: ['code', 'name', 'sort'],
  // buildings and the selects name a campus by its name (本部校区), not its code
  display: 'name',
  importable: true,
  exportable: true,
  inUse: { zh: '校区正在使用，不能删除', en: 'The campus is in use and cannot be deleted' },
});

import { int, LETTERS_DIGITS, ref, resource, text } from '../resource';

/** 教学楼管理 (/xlcd/jxlgl): teaching buildings (SPEC §5 places: code below 999, floors below 10). */
export const buildings = resource({
  name: 'buildings',
  title: { zh: '教学楼管理', en: 'Teaching buildings' },
  noun: { zh: '教学楼', en: 'building' },
  path: '/api/buildings',
  perm: 'jxlgl',
  fields: {
    code: int({ zh: '教学楼编号', en: 'Code' }, { min: 1, max: 998, required: true }),
    name: text({ zh: '教学楼名称', en: 'Name' }, { max: 30, required: true, pattern: LETTERS_DIGITS }),
    floors: int({ zh: '楼层数', en: 'Floors' }, { min: 1, max: 9, required: true }),
    campusId: ref({ zh: '所属校区', en: 'Campus' }, 'campuses', { required: true }),
  },
  unique: ['code', 'name'],
  search: { keyword: { contains: ['name'], label: { zh: '名称', en: 'Name' } }, campusId: { equals: 'campusId' } },
  order: [{ field: 'code' }],
  sortable: ['code', 'name', 'floors'],
  display: 'name',
  importable: true,
  exportable: true,
  inUse: { zh: '建筑物或教室正在使用，不能删除', en: 'The building or classroom is in use and cannot be deleted' },
});

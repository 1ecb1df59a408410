import { int, LETTERS_DIGITS, ref, resource, text } from '../resource';

/**
 * 宿舍管理 (/ssgl/sssz), its first list: dormitory buildings. Their own table, not 教学楼 rows with a
 * kind: 教学楼管理 (jxlgl) and 宿舍管理 (ssgl) are separate menus with separate permissions, and classrooms
 * must never be placed in a dormitory. The same SPEC §5 places rules: code below 999, floors below 10.
 */
export const dormBuildings = resource({
  name: 'dorm-buildings',
  title: { zh: '宿舍楼', en: 'Dormitory buildings' },
  noun: { zh: '宿舍楼', en: 'dormitory building' },
  path: '/api/dorm-buildings',
  perm: 'ssgl',
  fields: {
    code: int({ zh: '宿舍楼编号', en: 'Code' }, { min: 1, max: 998, required: true }),
    name: text({ zh: '宿舍楼名称', en: 'Name' }, { max: 30, required: true, pattern: LETTERS_DIGITS }),
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
  inUse: { zh: '宿舍楼下还有房间，不能删除', en: 'The dormitory building still has rooms and cannot be deleted' },
});

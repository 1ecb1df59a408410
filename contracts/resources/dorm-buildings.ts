import { buildingResource } from './buildings';

/**
 * 宿舍管理 (/ssgl/sssz), its first list: dormitory buildings. Their own table, not 教学楼 rows with a
 * kind: 教学楼管理 (jxlgl) and 宿舍管理 (ssgl) are separate menus with separate permissions, and classrooms
 * must never be placed in a dormitory. A building as 教学楼's (buildingResource: the same fields and rules).
 */
export const dormBuildings = buildingResource({
  name: 'dorm-buildings',
  title: { zh: '宿舍楼', en: 'Dormitory buildings' },
  noun: { zh: '宿舍楼', en: 'dormitory building' },
  path: '/api/dorm-buildings',
  perm: 'ssgl',
  codeLabel: { zh: '宿舍楼编号', en: 'Code' },
  nameLabel: { zh: '宿舍楼名称', en: 'Name' },
  inUse: { zh: '宿舍楼下还有房间，不能删除', en: 'The dormitory building still has rooms and cannot be deleted' },
});

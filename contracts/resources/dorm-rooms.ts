import { choice, int, LETTERS_DIGITS, ref, resource, text } from '../resource';

/**
 * 宿舍管理's rooms (SPEC §3 Dormitory: building, floor, room, total beds, valid beds, resident gender).
 * A room's beds are numbered 1…total; beds 1…valid can be slept in (the others are out of use). The room
 * number is unique within its building (building A and B may each have a 101), so an import row names
 * one room by building and number.
 */
export const dormRooms = resource({
  name: 'dorm-rooms',
  title: { zh: '宿舍房间', en: 'Dormitory rooms' },
  noun: { zh: '宿舍房间', en: 'dormitory room' },
  path: '/api/dorm-rooms',
  perm: 'ssgl',
  fields: {
    code: text({ zh: '房间号', en: 'Room number' }, { max: 30, required: true, pattern: LETTERS_DIGITS }),
    buildingId: ref({ zh: '所属宿舍楼', en: 'Dormitory building' }, 'dorm-buildings', { required: true }),
    floor: int({ zh: '所在楼层', en: 'Floor' }, { min: 1, max: 9, required: true }),
    totalBeds: int({ zh: '总床位数', en: 'Total beds' }, { min: 1, max: 20, required: true }),
    validBeds: int({ zh: '有效床位数', en: 'Valid beds' }, { min: 0, max: 20, required: true }),
    // GB/T 2261.1 codes, as users.gender
    gender: choice(
      { zh: '住宿性别', en: 'Resident gender' },
      {
        required: true,
        options: [
          { value: '1', label: { zh: '男生', en: 'Boys' } },
          { value: '2', label: { zh: '女生', en: 'Girls' } },
        ],
      },
    ),
  },
  unique: ['code'],
  uniqueWithin: { code: 'buildingId' },
  search: {
    keyword: { contains: ['code'], label: { zh: '房间号', en: 'Room number' } },
    buildingId: { equals: 'buildingId' },
    gender: { equals: 'gender' },
  },
  order: [{ field: 'code' }],
  sortable: ['code', 'floor', 'totalBeds', 'validBeds'],
  display: 'code',
  // a number names a room only within its building: selects and other resources say 「1号楼 101」
  label: ['buildingId', 'code'],
  importable: true,
  exportable: true,
  inUse: { zh: '宿舍房间有住宿记录，不能删除', en: 'The room has residence records and cannot be deleted' },
});

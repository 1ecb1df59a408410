import { choice, dict, int, LETTERS_DIGITS, person, ref, resource, text } from '../resource';

/** 教室管理 (/xlcd/jsgl): rooms (SPEC §3 Room; §5 places: capacity below 100, number and name at most 30 letters or digits, unique). */
export const classrooms = resource({
  name: 'classrooms',
  title: { zh: '教室管理', en: 'Classrooms' },
  noun: { zh: '教室', en: 'classroom' },
  path: '/api/classrooms',
  perm: 'jsgl',
  fields: {
    code: text({ zh: '房间号', en: 'Room number' }, { max: 30, required: true, pattern: LETTERS_DIGITS }),
    name: text({ zh: '教室名称', en: 'Classroom name' }, { max: 30, required: true, pattern: LETTERS_DIGITS }),
    buildingId: ref({ zh: '所属教学楼', en: 'Building' }, 'buildings', { required: true }),
    floor: int({ zh: '所在楼层', en: 'Floor' }, { min: 1, max: 9, required: true }),
    category: dict({ zh: '教室类别', en: 'Category' }, 'STD_JSLB', { required: true }),
    adminId: person({ zh: '管理员', en: 'Administrator' }),
    capacity: int({ zh: '容纳人数', en: 'Capacity' }, { min: 1, max: 99, required: true }),
    applyType: choice(
      { zh: '申请类型', en: 'Booking' },
      {
        required: true,
        default: 'audit',
        options: [
          { value: 'none', label: { zh: '不开放预约', en: 'Not bookable' } },
          { value: 'direct', label: { zh: '直接预约', en: 'Booked directly' } },
          { value: 'audit', label: { zh: '预约需审核', en: 'Booking needs approval' } },
        ],
      },
    ),
    advanceDays: int({ zh: '可提前预约天数', en: 'Bookable days ahead' }, { min: 0, max: 90, empty: 7 }),
    deadlineDays: int({ zh: '预约截止天数', en: 'Booking closes days before' }, { min: 0, max: 30, empty: 0 }),
  },
  unique: ['code', 'name'],
  search: {
    keyword: { contains: ['code', 'name'], label: { zh: '房间号/名称', en: 'Room number or name' } },
    buildingId: { equals: 'buildingId' },
    category: { equals: 'category' },
  },
  order: [{ field: 'code' }],
  sortable: ['code', 'name', 'floor', 'capacity'],
  display: 'name',
  importable: true,
  exportable: true,
  inUse: { zh: '建筑物或教室正在使用，不能删除', en: 'The building or classroom is in use and cannot be deleted' },
});

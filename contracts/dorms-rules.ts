import type { Label } from './resource';
import { dormRooms } from './resources/dorm-rooms';

/** 宿舍管理 (/ssgl/sssz, menu ssgl): zod-free constants and words the screen, the server and the tests share. */
export const DORMS_PERMISSION = 'ssgl';
/** placing, moving, checking out and automatic allocation change who sleeps where: the menu's 编辑 button */
export const DORMS_EDIT_PERMISSION = 'ssgl_edit';

/** Most beds one room has (SPEC §3 Dormitory: total beds), as the rooms' definition says. */
export const DORM_BEDS_MAX = dormRooms.fields.totalBeds.max;
/** GB/T 2261.1 gender codes, as users.gender: a room houses one. */
export const DORM_GENDER_OPTIONS = dormRooms.fields.gender.options;
export const DORM_GENDERS = ['1', '2'] as const;
/** Most boarders the picker lists at once (a search narrows it). */
export const DORM_PICKER_MAX = 50;

/** Why a stay ended: moved to another bed, checked out, or released by a status change (休学 / 转出). */
export const DORM_STAY_END_REASONS = ['move', 'checkout', 'release'] as const;
export type DormStayEndReason = (typeof DORM_STAY_END_REASONS)[number];

export const DORM_TEXT = {
  /** SPEC §5 places: valid beds not above total beds */
  validAboveTotal: { zh: '有效床位数不能大于总床位数', en: 'The valid beds may not be more than the total beds' },
  floorAbove: (floors: number): Label => ({ zh: `所在楼层不能大于宿舍楼的楼层数${floors}`, en: `The floor may be at most the building's ${floors} floors` }),
  floorsBelow: (floor: number): Label => ({ zh: `楼层数不能小于${floor}：有房间在第${floor}层`, en: `The floors cannot be fewer than ${floor}: a room is on floor ${floor}` }),
  validBelowOccupied: (bed: number): Label => ({ zh: `有学生住在${bed}号床，有效床位数不能小于${bed}`, en: `A student sleeps in bed ${bed}; the valid beds cannot be fewer than ${bed}` }),
  genderOccupied: { zh: '房间里还有学生住宿，不能改变住宿性别', en: 'Students still live in the room; its resident gender cannot change' },
  bedTaken: { zh: '该床位已有学生入住，请刷新后重试', en: 'Someone already sleeps in this bed; reload and try again' },
  studentHasBed: { zh: '该学生已有床位，请使用调换', en: 'The student already has a bed; use Move instead' },
  studentOverlap: { zh: '该学生在所选日期已有住宿记录', en: 'The student already has a stay on that date' },
  bedOverlap: { zh: '该床位在所选日期已有学生入住', en: 'Someone sleeps in this bed on that date' },
  allocationStale: { zh: '宿舍安排已被他人修改，请刷新后重新分配', en: 'Someone else changed the dormitories meanwhile; reload and allocate again' },
  bedInvalid: (valid: number): Label => ({ zh: `床位号必须在1到${valid}之间（有效床位）`, en: `The bed number must be between 1 and ${valid} (the valid beds)` }),
  genderMismatch: { zh: '学生性别与房间的住宿性别不符', en: "The student's gender does not match the room's resident gender" },
  notBoarder: { zh: '该学生不是在读住宿生', en: 'The student is not a boarder currently studying' },
  roomMissing: { zh: '宿舍房间不存在', en: 'The dormitory room does not exist' },
  stayMissing: { zh: '住宿记录不存在或已结束，请刷新后重试', en: 'The residence record does not exist or has ended; reload and try again' },
  dateBeforeStay: (from: string): Label => ({ zh: `日期不能早于入住日期${from}`, en: `The date cannot be before the move-in date ${from}` }),
  sameBed: { zh: '学生已经住在这个床位', en: 'The student already sleeps in this bed' },
  placed: { zh: '入住成功', en: 'Placed' },
  moved: { zh: '调换成功', en: 'Moved' },
  checkedOut: { zh: '退宿成功', en: 'Checked out' },
  allocated: (count: number): Label => ({ zh: `自动分配成功，共安排${count}人`, en: `Allocated automatically: ${count} placed` }),
  /** SPEC §8: some students cannot be assigned automatically */
  someUnplaced: (count: number): Label => ({ zh: `部分学生无法自动分配（${count}人），请查看床位缺口`, en: `Some students cannot be assigned automatically (${count}); see the bed shortage` }),
  nothingToAllocate: { zh: '没有待分配的住宿生', en: 'No boarders are waiting for a bed' },
} as const;

/** The words of a room's resident gender. */
export const dormGenderLabel = (gender: string): Label => DORM_GENDER_OPTIONS.find((option) => option.value === gender)?.label ?? { zh: gender, en: gender };

import { v7 as uuidv7 } from 'uuid';
import {
  DORM_PICKER_MAX,
  DORM_TEXT,
  DORMS_EDIT_PERMISSION,
  dormGenderLabel,
  type DormAllocateRequest,
  type DormAllocation,
  type DormBoard,
  type DormBoardRequest,
  type DormCheckOutRequest,
  type DormHistoryRequest,
  type DormMoveRequest,
  type DormOverview,
  type DormPlaceRequest,
  type DormStayRow,
  type DormStudent,
  type DormWaitingRequest,
} from '../../../contracts/dorms';
import { ResponseCode } from '../../../contracts/envelope';
import type { Label } from '../../../contracts/resource';
import { schoolDate } from '../../../contracts/school-time';
import type { Tx } from '../../db/client';
import { pgErrorCode } from '../../db/unique';
import type { Lang } from '../../i18n/messages';
import { localName } from '../../i18n/local-name';
import { violatedConstraint } from '../../kit/crud-repository';
import { tableWorkbook } from '../../kit/xlsx';
import { AppError } from '../../plugins/envelope';
import type { Session } from '../auth/session.types';
import type { PermissionsService } from '../permissions/permissions.service';
import { planAllocation } from './dorm-allocation';
import { dormsRepository as repo, type StudentRow } from './dorms.repository';

const refuse = (code: (typeof ResponseCode)[keyof typeof ResponseCode], label: Label) => new AppError(code, (lang) => label[lang]);

/** The database's refusal of a stay in the user's words: the partial unique indexes and the stay trigger (0030). */
function stayRefusal(error: unknown, validBeds: number): AppError | null {
  const constraint = violatedConstraint(error);
  const code = pgErrorCode(error);
  if (code === '23505' && constraint === 'dorm_stays_open_bed_key') return refuse(ResponseCode.conflict, DORM_TEXT.bedTaken);
  if (code === '23505' && constraint === 'dorm_stays_open_student_key') return refuse(ResponseCode.conflict, DORM_TEXT.studentHasBed);
  if (code === '23514' && constraint === 'dorm_stays_bed_valid') return refuse(ResponseCode.conflict, DORM_TEXT.bedInvalid(validBeds));
  if (code === '23514' && constraint === 'dorm_stays_gender') return refuse(ResponseCode.invalidInput, DORM_TEXT.genderMismatch);
  if (code === '23P01' && constraint === 'dorm_stays_student_no_overlap') return refuse(ResponseCode.conflict, DORM_TEXT.studentOverlap);
  if (code === '23P01' && constraint === 'dorm_stays_bed_no_overlap') return refuse(ResponseCode.conflict, DORM_TEXT.bedOverlap);
  return null;
}

const student = (row: StudentRow): DormStudent => ({ id: row.id, name: row.name, userNo: row.user_no, gender: row.gender, className: row.class_name ?? '', classNameEn: row.class_name_en ?? '' });

/**
 * 宿舍管理 (/ssgl/sssz): occupancy, the board of one building, placing, moving and checking out by
 * hand, automatic allocation, history and the export. Reading needs ssgl; every change ssgl_edit.
 * Who sleeps where is dated history: a move or check-out ends the open stay (to_date), never edits it.
 */
export class DormsService {
  constructor(private readonly permissions: PermissionsService) {}

  async overview(tx: Tx): Promise<DormOverview> {
    const [buildings, waiting, grades] = await Promise.all([repo.occupancy(tx), repo.waitingByGender(tx), repo.grades(tx)]);
    return {
      buildings: buildings.map((row) => ({ id: row.id, code: row.code, name: row.name, rooms: row.rooms, validBeds: row.valid_beds, occupied: row.occupied, free: { '1': row.free_boys, '2': row.free_girls } })),
      waiting: Object.fromEntries(waiting.map((row) => [row.gender, row.count])),
      grades: grades.map((row) => ({ id: row.id, name: row.name, nameEn: row.name_en })),
    };
  }

  async board(tx: Tx, request: DormBoardRequest): Promise<DormBoard> {
    if (!(await repo.buildingExists(tx, request.buildingId))) throw refuse(ResponseCode.notFound, { zh: '宿舍楼不存在', en: 'The dormitory building does not exist' });
    const [rooms, stays] = await Promise.all([repo.rooms(tx, request.buildingId), repo.openStays(tx, request.buildingId)]);
    const byBed = new Map(stays.map((stay) => [`${stay.room_id}:${stay.bed_no}`, stay]));
    return {
      rooms: rooms.map((room) => ({
        id: room.id,
        code: room.code,
        floor: room.floor,
        gender: room.gender,
        totalBeds: room.total_beds,
        validBeds: room.valid_beds,
        beds: Array.from({ length: room.total_beds }, (_, index) => {
          const stay = byBed.get(`${room.id}:${index + 1}`);
          return { bedNo: index + 1, valid: index < room.valid_beds, stay: stay ? { ...student(stay), stayId: stay.stay_id, fromDate: stay.from_date } : null };
        }),
      })),
    };
  }

  async waiting(tx: Tx, request: DormWaitingRequest): Promise<{ rows: DormStudent[] }> {
    return { rows: (await repo.waiting(tx, request.keyword, request.gender, DORM_PICKER_MAX)).map(student) };
  }

  /** A boarder without a bed into a free valid bed of the room's gender. */
  async place(tx: Tx, session: Session, request: DormPlaceRequest): Promise<void> {
    await this.permissions.assertHas(tx, session, DORMS_EDIT_PERMISSION);
    const who = await repo.student(tx, request.studentId);
    if (!who?.boarder) throw refuse(ResponseCode.invalidInput, DORM_TEXT.notBoarder);
    if (who.open_stay) throw refuse(ResponseCode.conflict, DORM_TEXT.studentHasBed);
    const room = await this.roomFor(tx, request.roomId, request.bedNo, who.gender);
    await this.open(tx, session, [{ id: uuidv7(), studentId: request.studentId, roomId: room.id, bedNo: request.bedNo }], request.date, room.valid_beds);
  }

  /** The open stay ends on the date; the student sleeps in the other bed from it. */
  async move(tx: Tx, session: Session, request: DormMoveRequest): Promise<void> {
    await this.permissions.assertHas(tx, session, DORMS_EDIT_PERMISSION);
    const stay = await this.openStay(tx, request.stayId, request.date);
    if (stay.room_id === request.roomId && stay.bed_no === request.bedNo) throw refuse(ResponseCode.invalidInput, DORM_TEXT.sameBed);
    const who = await repo.student(tx, stay.student_id);
    const room = await this.roomFor(tx, request.roomId, request.bedNo, who?.gender ?? null);
    await repo.endStays(tx, [stay.id], request.date, 'move', session.userId);
    await this.open(tx, session, [{ id: uuidv7(), studentId: stay.student_id, roomId: room.id, bedNo: request.bedNo }], request.date, room.valid_beds);
  }

  async checkOut(tx: Tx, session: Session, request: DormCheckOutRequest): Promise<void> {
    await this.permissions.assertHas(tx, session, DORMS_EDIT_PERMISSION);
    const stay = await this.openStay(tx, request.stayId, request.date);
    await repo.endStays(tx, [stay.id], request.date, 'checkout', session.userId);
  }

  /**
   * For 学籍异动 (休学 / 转出, issue 23 item 4): the student's bed is released on the date, if they have
   * one. The caller checks its own permission; the stay's history keeps where they slept.
   */
  async releaseBed(tx: Tx, session: Session, studentId: string, date: string): Promise<boolean> {
    const stay = await repo.openStayOf(tx, studentId);
    if (!stay) return false;
    await repo.endStays(tx, [stay.id], date < stay.from_date ? stay.from_date : date, 'release', session.userId);
    return true;
  }

  /**
   * Every waiting boarder (of one grade) into free beds (of one building): by gender, classmates
   * together where they can be (dorm-allocation.ts). One school's allocations run one at a time; a
   * placement by hand meanwhile makes this one fail whole (bedTaken: reload and try again).
   */
  async allocate(tx: Tx, session: Session, request: DormAllocateRequest): Promise<DormAllocation> {
    await this.permissions.assertHas(tx, session, DORMS_EDIT_PERMISSION);
    await repo.lockAllocation(tx);
    const [boarders, rooms] = await Promise.all([repo.allocationBoarders(tx, request.gradeId), repo.allocationRooms(tx, request.buildingId)]);
    const plan = planAllocation(boarders, rooms);
    try {
      await this.open(tx, session, plan.placements.map((placement) => ({ id: uuidv7(), ...placement })), request.date, 0);
    } catch (error) {
      // a bed taken or a room changed by hand since the read (or a stay in the date's past): the whole run is refused
      throw error instanceof AppError ? refuse(ResponseCode.conflict, DORM_TEXT.allocationStale) : error;
    }
    const byId = new Map(boarders.map((boarder) => [boarder.id, boarder]));
    return {
      placed: plan.placements.length,
      unplaced: plan.unplaced.map((id) => {
        const row = byId.get(id)!;
        return { id, name: row.name, userNo: row.userNo, gender: row.gender, className: row.class_name ?? '', classNameEn: row.class_name_en ?? '' };
      }),
      shortages: plan.shortages,
    };
  }

  /** The allocation's message: placed, some left (SPEC §8), or nobody waiting. */
  static allocationMessage(result: DormAllocation): Label {
    if (result.unplaced.length > 0) return DORM_TEXT.someUnplaced(result.unplaced.length);
    return result.placed > 0 ? DORM_TEXT.allocated(result.placed) : DORM_TEXT.nothingToAllocate;
  }

  async history(tx: Tx, request: DormHistoryRequest): Promise<{ rows: DormStayRow[] }> {
    const rows = await repo.history(tx, request.studentId, request.roomId, 200);
    return {
      rows: rows.map((row) => ({
        id: row.stay_id,
        student: student(row),
        buildingName: row.building_name,
        roomCode: row.room_code,
        bedNo: row.bed_no,
        fromDate: row.from_date,
        toDate: row.to_date,
        endReason: row.end_reason,
      })),
    };
  }

  /** 入住统计 and 住宿名单 in one .xlsx, in the caller's language (numbers stay numbers). */
  async export(tx: Tx, lang: Lang, now = new Date()): Promise<{ fileName: string; bytes: Buffer }> {
    const [buildings, residents] = await Promise.all([repo.occupancy(tx), repo.residents(tx)]);
    const t = EXPORT_WORDS[lang];
    const bytes = await tableWorkbook(
      [
        {
          name: t.occupancy,
          columns: [
            { header: t.code, key: 'code', width: 10 },
            { header: t.building, key: 'name', width: 16 },
            { header: t.rooms, key: 'rooms', width: 10 },
            { header: t.validBeds, key: 'validBeds', width: 12 },
            { header: t.occupied, key: 'occupied', width: 10 },
            { header: t.freeBoys, key: 'freeBoys', width: 14 },
            { header: t.freeGirls, key: 'freeGirls', width: 14 },
          ],
          rows: buildings.map((row) => ({ code: row.code, name: row.name, rooms: row.rooms, validBeds: row.valid_beds, occupied: row.occupied, freeBoys: row.free_boys, freeGirls: row.free_girls })),
        },
        {
          name: t.residents,
          columns: [
            { header: t.building, key: 'building', width: 16 },
            { header: t.floor, key: 'floor', width: 8 },
            { header: t.room, key: 'room', width: 10 },
            { header: t.bed, key: 'bed', width: 8 },
            { header: t.studentNo, key: 'studentNo', width: 14 },
            { header: t.name, key: 'name', width: 12 },
            { header: t.gender, key: 'gender', width: 8 },
            { header: t.className, key: 'className', width: 16 },
            { header: t.fromDate, key: 'fromDate', width: 12 },
          ],
          rows: residents.map((row) => ({
            building: row.building_name,
            floor: row.floor,
            room: row.room_code,
            bed: row.bed_no,
            studentNo: row.user_no,
            name: row.name,
            gender: row.gender ? dormGenderLabel(row.gender)[lang] : '',
            className: localName(lang, row.class_name ?? '', row.class_name_en),
            fromDate: row.from_date,
          })),
        },
      ],
      now,
    );
    return { fileName: `${t.fileName}_${schoolDate(now)}.xlsx`, bytes };
  }

  /** The room read FOR SHARE, the bed one of its valid beds and free, the student of its gender. */
  private async roomFor(tx: Tx, roomId: string, bedNo: number, gender: string | null) {
    const room = await repo.roomForShare(tx, roomId);
    if (!room) throw refuse(ResponseCode.notFound, DORM_TEXT.roomMissing);
    if (bedNo > room.valid_beds) throw refuse(ResponseCode.invalidInput, DORM_TEXT.bedInvalid(room.valid_beds));
    if (gender !== room.gender) throw refuse(ResponseCode.invalidInput, DORM_TEXT.genderMismatch);
    if (await repo.bedTaken(tx, roomId, bedNo)) throw refuse(ResponseCode.conflict, DORM_TEXT.bedTaken);
    return room;
  }

  private async openStay(tx: Tx, stayId: string, date: string) {
    const stay = await repo.openStayForUpdate(tx, stayId);
    if (!stay) throw refuse(ResponseCode.conflict, DORM_TEXT.stayMissing);
    if (date < stay.from_date) throw refuse(ResponseCode.invalidInput, DORM_TEXT.dateBeforeStay(stay.from_date));
    return stay;
  }

  /** Writes open stays; the indexes and the trigger refuse what changed since the checks, in the same words. */
  private async open(tx: Tx, session: Session, rows: { id: string; studentId: string; roomId: string; bedNo: number }[], date: string, validBeds: number): Promise<void> {
    if (rows.length === 0) return;
    try {
      await repo.insertStays(tx, session.tenantId, rows, date, session.userId);
    } catch (error) {
      throw stayRefusal(error, validBeds) ?? error;
    }
  }
}

const EXPORT_WORDS = {
  zh: {
    fileName: '宿舍入住',
    occupancy: '入住统计',
    residents: '住宿名单',
    code: '编号',
    building: '宿舍楼',
    rooms: '房间数',
    validBeds: '有效床位',
    occupied: '已入住',
    freeBoys: '男生空床位',
    freeGirls: '女生空床位',
    floor: '楼层',
    room: '房间号',
    bed: '床位',
    studentNo: '学号',
    name: '姓名',
    gender: '性别',
    className: '班级',
    fromDate: '入住日期',
  },
  en: {
    fileName: 'Dormitory occupancy',
    occupancy: 'Occupancy',
    residents: 'Residents',
    code: 'Code',
    building: 'Building',
    rooms: 'Rooms',
    validBeds: 'Valid beds',
    occupied: 'Occupied',
    freeBoys: 'Free beds (boys)',
    freeGirls: 'Free beds (girls)',
    floor: 'Floor',
    room: 'Room',
    bed: 'Bed',
    studentNo: 'Student number',
    name: 'Name',
    gender: 'Gender',
    className: 'Class',
    fromDate: 'Since',
  },
} as const;

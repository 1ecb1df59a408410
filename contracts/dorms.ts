import { z } from 'zod';
import { calendarDate } from './dates';
import { DORM_BEDS_MAX, DORM_GENDERS } from './dorms-rules';

/** 宿舍管理 (/ssgl/sssz) calls besides the kit lists of buildings and rooms; the rules are in dorms-rules.ts. */
export * from './dorms-rules';

const uuidOrBlank = z.union([z.uuid(), z.literal('')]);
const bedNo = z.number().int().min(1).max(DORM_BEDS_MAX);

/** `POST /api/dorms/overview`: occupancy per building and the boarders waiting for a bed, per gender. */
export const dormOverviewRequest = z.object({});

/** `POST /api/dorms/board`: one building's rooms with their beds and who sleeps there now. */
export const dormBoardRequest = z.object({ buildingId: z.uuid() });
export type DormBoardRequest = z.infer<typeof dormBoardRequest>;

/** `POST /api/dorms/waiting`: boarders without a bed (the picker), by name or number and gender. */
export const dormWaitingRequest = z.object({ keyword: z.string().trim().max(50).default(''), gender: z.union([z.enum(DORM_GENDERS), z.literal('')]).default('') });
export type DormWaitingRequest = z.infer<typeof dormWaitingRequest>;

/** `POST /api/dorms/place`: a boarder without a bed into a free bed from a date. */
export const dormPlaceRequest = z.object({ studentId: z.uuid(), roomId: z.uuid(), bedNo, date: calendarDate });
export type DormPlaceRequest = z.infer<typeof dormPlaceRequest>;

/** `POST /api/dorms/move`: the open stay ends on the date and the student sleeps in another bed from it. */
export const dormMoveRequest = z.object({ stayId: z.uuid(), roomId: z.uuid(), bedNo, date: calendarDate });
export type DormMoveRequest = z.infer<typeof dormMoveRequest>;

/** `POST /api/dorms/check-out`: the open stay ends on the date. */
export const dormCheckOutRequest = z.object({ stayId: z.uuid(), date: calendarDate });
export type DormCheckOutRequest = z.infer<typeof dormCheckOutRequest>;

/** `POST /api/dorms/allocate`: every waiting boarder (of one grade, '' all) into free beds (of one building, '' all). */
export const dormAllocateRequest = z.object({ gradeId: uuidOrBlank.default(''), buildingId: uuidOrBlank.default(''), date: calendarDate });
export type DormAllocateRequest = z.infer<typeof dormAllocateRequest>;

/** `POST /api/dorms/history`: a student's or a room's stays, newest first. */
export const dormHistoryRequest = z.object({ studentId: uuidOrBlank.default(''), roomId: uuidOrBlank.default('') });
export type DormHistoryRequest = z.infer<typeof dormHistoryRequest>;

/** `POST /api/dorms/export`: occupancy per building and every resident, one .xlsx. */
export const dormExportRequest = z.object({});

// --- answers ---

export interface DormStudent {
  id: string;
  name: string;
  userNo: string;
  gender: string | null;
  className: string;
  classNameEn: string;
}

export interface DormBuildingOccupancy {
  id: string;
  code: number;
  name: string;
  rooms: number;
  validBeds: number;
  occupied: number;
  /** free valid beds by gender: '1' boys, '2' girls */
  free: Record<string, number>;
}

export interface DormOverview {
  buildings: DormBuildingOccupancy[];
  /** boarders without a bed, by gender ('' none recorded) */
  waiting: Record<string, number>;
  /** grades (for the allocation's choice) */
  grades: { id: string; name: string; nameEn: string }[];
}

export interface DormBed {
  bedNo: number;
  /** beyond the valid beds: out of use */
  valid: boolean;
  stay: (DormStudent & { stayId: string; fromDate: string }) | null;
}

export interface DormBoardRoom {
  id: string;
  code: string;
  floor: number;
  gender: string;
  totalBeds: number;
  validBeds: number;
  beds: DormBed[];
}

export interface DormBoard {
  rooms: DormBoardRoom[];
}

export interface DormAllocation {
  placed: number;
  unplaced: DormStudent[];
  shortages: { gender: string; waiting: number; freeBeds: number; short: number }[];
}

export interface DormStayRow {
  id: string;
  student: DormStudent;
  buildingName: string;
  roomCode: string;
  bedNo: number;
  fromDate: string;
  toDate: string | null;
  endReason: string | null;
}

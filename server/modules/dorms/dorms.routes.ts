import {
  dormAllocateRequest,
  dormBoardRequest,
  dormCheckOutRequest,
  dormExportRequest,
  dormHistoryRequest,
  dormMoveRequest,
  dormOverviewRequest,
  dormPlaceRequest,
  DORM_TEXT,
  DORMS_EDIT_PERMISSION,
  DORMS_PERMISSION,
  dormWaitingRequest,
} from '../../../contracts/dorms';
import { xlsxReply } from '../../kit/xlsx';
import { changes, defineRoute, reads } from '../../plugins/define-route';
import { dormsRepository } from './dorms.repository';
import { DormsService } from './dorms.service';

const READ = { anyOf: [DORMS_PERMISSION] } as const;
const EDIT = { anyOf: [DORMS_EDIT_PERMISSION] } as const;

/** 宿舍管理 (/ssgl/sssz) besides the kit lists (/api/dorm-buildings, /api/dorm-rooms): contracts/dorms.ts. */
export const dormsRoutes = [
  defineRoute({
    method: 'POST',
    url: '/api/dorms/overview',
    operation: reads('宿舍入住统计', 'Dormitory occupancy'),
    access: READ,
    summary: 'occupancy per building (rooms, valid beds, occupied, free beds by gender), boarders waiting by gender, the grades',
    body: dormOverviewRequest,
    handler: ({ tx, services }) => services.dorms.overview(tx),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/dorms/board',
    operation: reads('宿舍床位', 'Dormitory beds'),
    access: READ,
    summary: "one building's rooms with every bed (valid or out of use) and who sleeps there now",
    body: dormBoardRequest,
    handler: ({ tx, body, services }) => services.dorms.board(tx, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/dorms/waiting',
    operation: reads('待分配住宿生', 'Boarders waiting for a bed'),
    access: READ,
    summary: 'boarders (students.boarding, studying) without a bed, by name or number and gender, at most 50',
    body: dormWaitingRequest,
    handler: ({ tx, body, services }) => services.dorms.waiting(tx, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/dorms/place',
    operation: changes('安排床位', 'Place in a bed'),
    access: EDIT,
    summary: 'a boarder without a bed into a free valid bed of the room’s gender from a date (one open stay per bed and per student: a concurrent placement gets 40900)',
    body: dormPlaceRequest,
    target: ({ tx, body }) => dormsRepository.placementTarget(tx, body.studentId, body.roomId, body.bedNo),
    handler: async ({ tx, session, body, services, setMessage }) => {
      await services.dorms.place(tx, session, body);
      setMessage(DORM_TEXT.placed);
      return null;
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/api/dorms/move',
    operation: changes('调换床位', 'Move to another bed'),
    access: EDIT,
    summary: 'ends the open stay on the date and opens one in the other bed from it',
    body: dormMoveRequest,
    target: ({ tx, body }) => dormsRepository.stayTarget(tx, body.stayId),
    handler: async ({ tx, session, body, services, setMessage }) => {
      await services.dorms.move(tx, session, body);
      setMessage(DORM_TEXT.moved);
      return null;
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/api/dorms/check-out',
    operation: changes('退宿', 'Check out'),
    access: EDIT,
    summary: 'ends the open stay on the date (the history keeps it)',
    body: dormCheckOutRequest,
    target: ({ tx, body }) => dormsRepository.stayTarget(tx, body.stayId),
    handler: async ({ tx, session, body, services, setMessage }) => {
      await services.dorms.checkOut(tx, session, body);
      setMessage(DORM_TEXT.checkedOut);
      return null;
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/api/dorms/allocate',
    operation: changes('自动分配宿舍', 'Allocate beds automatically'),
    access: EDIT,
    summary: 'every waiting boarder (of a grade) into free beds (of a building) by gender, classmates together; answers who could not be placed and the shortage per gender',
    body: dormAllocateRequest,
    handler: async ({ tx, session, body, services, setMessage }) => {
      const result = await services.dorms.allocate(tx, session, body);
      setMessage(DormsService.allocationMessage(result));
      return result;
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/api/dorms/history',
    operation: reads('住宿记录', 'Residence history'),
    access: READ,
    summary: "a student's or a room's stays (or the school's latest 200), newest first",
    body: dormHistoryRequest,
    handler: ({ tx, body, services }) => services.dorms.history(tx, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/dorms/export',
    answers: 'file',
    operation: reads('导出宿舍入住', 'Export dormitory occupancy'),
    access: READ,
    summary: 'occupancy per building and every resident as an .xlsx download in the caller’s language',
    body: dormExportRequest,
    handler: async ({ tx, services, reply, lang }) => {
      const { fileName, bytes } = await services.dorms.export(tx, lang);
      return xlsxReply(reply, fileName, bytes);
    },
  }),
];

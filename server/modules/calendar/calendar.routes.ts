import {
  CALENDAR_ADD_PERMISSION,
  CALENDAR_DELETE_PERMISSION,
  CALENDAR_EDIT_PERMISSION,
  CALENDAR_PERMISSION,
  calendarIdRequest,
  calendarIdsRequest,
  calendarYearsRequest,
  schoolYearEditInput,
  schoolYearInput,
  semesterEditInput,
  semesterInput,
  semesterListRequest,
} from '../../../contracts/calendar';
import { changes, defineRoute, reads } from '../../plugins/define-route';

const READ = { anyOf: [CALENDAR_PERMISSION] } as const;
const ADD = { anyOf: [CALENDAR_ADD_PERMISSION] } as const;
const EDIT = { anyOf: [CALENDAR_EDIT_PERMISSION] } as const;
const DELETE = { anyOf: [CALENDAR_DELETE_PERMISSION] } as const;

/** School years and semesters (contracts/calendar.ts); the service checks the same permissions. */
export const calendarRoutes = [
  defineRoute({
    method: 'POST',
    url: '/api/calendar/years',
    operation: reads('查询学年', 'School years'),
    access: READ,
    summary: 'every school year, newest first, with its number of semesters',
    body: calendarYearsRequest,
    handler: ({ tx, session, services }) => services.calendar.years(tx, session),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/calendar/semesters',
    operation: reads('查询学期', 'Semesters'),
    access: READ,
    summary: 'generic table A of semesters, newest first (search: schoolYearId)',
    body: semesterListRequest,
    handler: ({ tx, session, body, services }) => services.calendar.semesters(tx, session, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/calendar/years/add',
    operation: changes('新增学年', 'Add a school year'),
    access: ADD,
    summary: 'adds a school year (code unique, start before end)',
    body: schoolYearInput,
    handler: async ({ tx, session, body, services, setMessage }) => {
      const year = await services.calendar.saveYear(tx, session, body, 'add');
      setMessage('calendarSaved');
      return year;
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/api/calendar/years/edit',
    operation: changes('编辑学年', 'Edit a school year'),
    access: EDIT,
    summary: 'edits a school year at the version it was loaded (its semesters must stay inside it)',
    body: schoolYearEditInput,
    handler: async ({ tx, session, body, services, setMessage }) => {
      const year = await services.calendar.saveYear(tx, session, body, 'edit');
      setMessage('calendarSaved');
      return year;
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/api/calendar/years/delete',
    operation: changes('删除学年', 'Delete school years'),
    access: DELETE,
    summary: 'deletes school years without semesters (all or nothing)',
    body: calendarIdsRequest,
    handler: async ({ tx, session, body, services, setMessage }) => {
      const deleted = await services.calendar.deleteYears(tx, session, body.ids);
      setMessage('calendarDeleted');
      return { deleted };
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/api/calendar/semesters/add',
    operation: changes('新增学期', 'Add a semester'),
    access: ADD,
    summary: 'adds a semester (the shared rules, inside its school year, no overlap, code unique)',
    body: semesterInput,
    handler: async ({ tx, session, body, services, setMessage }) => {
      const semester = await services.calendar.saveSemester(tx, session, body, 'add');
      setMessage('calendarSaved');
      return semester;
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/api/calendar/semesters/edit',
    operation: changes('编辑学期', 'Edit a semester'),
    access: EDIT,
    summary: 'edits a semester at the version it was loaded (same rules as add)',
    body: semesterEditInput,
    handler: async ({ tx, session, body, services, setMessage }) => {
      const semester = await services.calendar.saveSemester(tx, session, body, 'edit');
      setMessage('calendarSaved');
      return semester;
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/api/calendar/semesters/delete',
    operation: changes('删除学期', 'Delete semesters'),
    access: DELETE,
    summary: 'deletes semesters, all or nothing: not the current one, none with exam batches or attendance rolls',
    body: calendarIdsRequest,
    handler: async ({ tx, session, body, services, setMessage }) => {
      const deleted = await services.calendar.deleteSemesters(tx, session, body.ids);
      setMessage('calendarDeleted');
      return { deleted };
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/api/calendar/semesters/set-current',
    operation: changes('设为当前学期', 'Make a semester current'),
    access: EDIT,
    summary: 'irreversible: makes a later semester current; a new school year upgrades every grade (top grade graduates), one transaction',
    body: calendarIdRequest,
    handler: async ({ tx, session, body, services, setMessage }) => {
      const result = await services.calendar.setCurrent(tx, session, body.id);
      const left = result.notGraduatedStudents;
      // students of the graduating grade who could not graduate are named by count, never passed over in silence
      setMessage(
        !result.upgraded
          ? 'calendarCurrentSet'
          : left > 0
            ? {
                zh: `已设为当前学期，各年级已升级；毕业年级有 ${left} 名学生未能毕业（入学或进班日期晚于今天），请在毕业管理中办理`,
                en: `The current semester is set and every grade moved up; ${left} student(s) of the graduating grade could not graduate (enrolled or joined their class after today): see Graduation`,
              }
            : 'calendarCurrentSetUpgraded',
      );
      return result;
    },
  }),
];

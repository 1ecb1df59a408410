import {
  guardianAccountsRequest,
  guardianExportRequest,
  guardianFindRequest,
  guardianLinkRequest,
  guardianListRequest,
  guardianReorderRequest,
  guardianSaveRequest,
  guardiansOfStudentRequest,
  GUARDIAN_TEXT,
  GUARDIANS_EDIT_PERMISSION,
  GUARDIANS_EXPORT_PERMISSION,
  GUARDIANS_PERMISSION,
  guardianUnlinkRequest,
  type GuardianSearch,
} from '../../../contracts/guardians';
import { xlsxReply } from '../../kit/xlsx';
import { changes, defineRoute, reads } from '../../plugins/define-route';
import { guardiansRepository } from './guardians.repository';
import { guardiansService as service } from './guardians.service';

const READ = { anyOf: [GUARDIANS_PERMISSION] } as const;
const EDIT = { anyOf: [GUARDIANS_EDIT_PERMISSION] } as const;

/** 家庭信息 (/jcsj/jtxx): contracts/guardians.ts. */
export const guardiansRoutes = [
  defineRoute({
    method: 'POST',
    url: '/api/guardians/list',
    operation: reads('家庭信息列表', 'Family information list'),
    access: READ,
    summary: 'table A of students (search: keyword = student name or number, orgUnitId = class and below, guardian = name or phone) with their guardians',
    body: guardianListRequest,
    handler: ({ tx, body }) => service.list(tx, body),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/guardians/of-student',
    operation: reads('查看学生监护人', "A student's guardians"),
    access: READ,
    summary: "one student and their guardians (emergency contacts first), with each guardian's other children",
    body: guardiansOfStudentRequest,
    handler: ({ tx, body }) => service.ofStudent(tx, body.studentId),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/guardians/save',
    operation: changes('保存监护人', 'Save a guardian'),
    access: EDIT,
    summary: "adds a guardian (a person without an account) to the student, or edits one (person at the version read, profile, link); an emergency place taken → 40900",
    body: guardianSaveRequest,
    target: ({ tx, body }) => guardiansRepository.studentLabel(tx, [body.studentId]),
    handler: async ({ tx, session, body, lang, setMessage }) => {
      const saved = await service.save(tx, session, lang, body);
      setMessage(GUARDIAN_TEXT.saved);
      return saved;
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/api/guardians/find',
    operation: reads('查找监护人', 'Find a guardian'),
    access: EDIT,
    summary: 'guardians of the school with this phone or ID number (to link one to another child), ID numbers masked',
    body: guardianFindRequest,
    handler: ({ tx, body }) => service.find(tx, body.phone, body.idNumber),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/guardians/link',
    operation: changes('关联监护人', 'Link a guardian'),
    access: EDIT,
    summary: 'an existing guardian becomes a guardian of this student too (relation, lives with, emergency place)',
    body: guardianLinkRequest,
    target: ({ tx, body }) => guardiansRepository.studentLabel(tx, [body.studentId, body.parentId]),
    handler: async ({ tx, session, body, lang, setMessage }) => {
      await service.link(tx, session, lang, body);
      setMessage(GUARDIAN_TEXT.linked);
      return null;
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/api/guardians/unlink',
    operation: changes('解除监护人关联', 'Unlink a guardian'),
    access: EDIT,
    summary: 'the guardian is no longer this student’s; the person goes only when linked nowhere else and holding no account',
    body: guardianUnlinkRequest,
    target: ({ tx, body }) => guardiansRepository.studentLabel(tx, [body.studentId, body.parentId]),
    handler: async ({ tx, body, setMessage }) => {
      const removed = await service.unlink(tx, body.studentId, body.parentId);
      setMessage(removed ? GUARDIAN_TEXT.unlinked : GUARDIAN_TEXT.unlinkedKept);
      return { removed };
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/api/guardians/reorder',
    operation: changes('调整紧急联系顺序', 'Reorder emergency contacts'),
    access: EDIT,
    summary: "the student's emergency contacts in this order (1 first); guardians left out are none",
    body: guardianReorderRequest,
    target: ({ tx, body }) => guardiansRepository.studentLabel(tx, [body.studentId]),
    handler: async ({ tx, session, body, setMessage }) => {
      await service.reorder(tx, session, body);
      setMessage(GUARDIAN_TEXT.reordered);
      return null;
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/api/guardians/accounts',
    operation: changes('创建家长账号', 'Create parent accounts'),
    access: EDIT,
    summary: "parent accounts (SPEC §9: prefix + the student's account) for each student's first guardian when none has one; a line per student",
    body: guardianAccountsRequest,
    target: ({ tx, body }) => guardiansRepository.studentLabel(tx, body.studentIds),
    handler: async ({ tx, session, body, lang }) => service.accounts(tx, session, lang, body.studentIds),
  }),
  defineRoute({
    method: 'POST',
    url: '/api/guardians/export',
    answers: 'file',
    operation: reads('导出家庭信息', 'Export family information'),
    access: { anyOf: [GUARDIANS_EXPORT_PERMISSION] },
    summary: 'one row per guardian of each student matching the search, as .xlsx in the caller’s language',
    body: guardianExportRequest,
    handler: async ({ tx, body, reply, lang }) => {
      const { fileName, bytes } = await service.export(tx, lang, body.search as GuardianSearch);
      return xlsxReply(reply, fileName, bytes);
    },
  }),
];

// 学籍异动 (/xjgl/xjyd, menu xjyd; issue 23 item 4): zod-free constants and words the screen, the server
// and the tests share. A status change is an application of kind 'status_change' (the audit engine,
// its flows and trail) plus its own row: type, classes, the date it takes effect.
import { KIND_PERMISSIONS } from './application-constants';
import type { Label } from './resource';

export const STATUS_CHANGE_PERMS = KIND_PERMISSIONS.status_change;

export const STATUS_CHANGE_URLS = {
  list: '/api/status-changes/list',
  get: '/api/status-changes/get',
  apply: '/api/status-changes/apply',
  types: '/api/status-changes/types',
  saveType: '/api/status-changes/types/save',
  export: '/api/status-changes/export',
  student: '/api/status-changes/student',
} as const;

/** 插班, 转出, 休学, 复学, 转班 (the CHECK of migration 0031 lists the same codes) */
export const STATUS_CHANGE_TYPES = ['insert', 'transfer_out', 'suspend', 'resume', 'class_change'] as const;
export type StatusChangeType = (typeof STATUS_CHANGE_TYPES)[number];

/** Types that put the student into a class (the form asks for the class). */
export const INTO_CLASS_TYPES: readonly StatusChangeType[] = ['insert', 'resume', 'class_change'];
export const needsClass = (type: StatusChangeType) => INTO_CLASS_TYPES.includes(type);

/**
 * What an approved, effective change does to students.status on its date (null: unchanged). 转班 keeps
 * the status; 插班 and 复学 make the student 在读 again; the graduated are 毕业管理's.
 */
export const STATUS_AFTER: Record<StatusChangeType, 'studying' | 'suspended' | 'transferred'> = {
  insert: 'studying',
  transfer_out: 'transferred',
  suspend: 'suspended',
  resume: 'studying',
  class_change: 'studying',
};

/**
 * The list's state filter: the application's states, with an approved change split into 待生效 (its
 * date has not come, or its effect waits for the sweep) and 已生效 (applied; a type whose effective
 * flag is off is 已生效 as a record the moment it is approved).
 */
export const STATUS_CHANGE_STATES = ['pending', 'scheduled', 'applied', 'rejected', 'withdrawn'] as const;
export type StatusChangeState = (typeof STATUS_CHANGE_STATES)[number];

export const REASON_MAX = 300;
export const OPINION_MAX = 300;
/** SPEC §5 documents (the upload profile 'document'): at most this many per change */
export const STATUS_CHANGE_ATTACHMENTS_MAX = 4;
export const STATUS_CHANGE_ATTACHMENT_PROFILE = 'document' as const;

/** The server's refusals (zh, en), the same words the form shows before sending. */
export const STATUS_CHANGE_TEXT = {
  noPermission: { zh: '没有学籍异动的权限', en: 'You have no permission for student status changes' },
  notFound: { zh: '学籍异动不存在', en: 'The status change does not exist' },
  studentUnknown: { zh: '请选择在册的学生', en: 'Choose a student of the school' },
  classRequired: { zh: '请选择转入的班级', en: 'Choose the class the student goes to' },
  classUnknown: { zh: '转入的班级不是本校在用的班级', en: 'The class is not a current class of the school' },
  noClassWanted: { zh: '转出和休学不需要选择班级', en: 'Transfer out and suspension take no class' },
  dateInPast: (today: string): Label => ({ zh: `生效日期不能早于今天（${today}）`, en: `The effective date cannot be before today (${today})` }),
  sameClass: { zh: '转入的班级就是学生现在的班级', en: 'The student is in that class already' },
  hasClass: { zh: '学生已在班级中，请改用转班', en: 'The student is in a class already: use class change' },
  noClass: { zh: '学生现在不在任何班级中', en: 'The student is not in a class now' },
  notSuspended: { zh: '只有休学的学生才能复学', en: 'Only a suspended student can resume' },
  notStudying: { zh: '只有在读的学生才能办理该异动', en: 'Only a student who is studying can have this change' },
  notReturnable: { zh: '已毕业的学生不能插班', en: 'A graduated student cannot be inserted into a class' },
  wrongGrade: (grade: Label): Label => ({ zh: `复学只能回到${grade.zh}的班级`, en: `A resuming student returns to a class of ${grade.en}` }),
  gradeGone: { zh: '学生原来的年级已毕业，不能复学', en: "The student's former grade has graduated; they cannot resume" },
  attachmentInvalid: { zh: '附件须为本人上传的 PDF、Word、PPT 或 Excel 文档，每个不超过 10 MB', en: 'Attachments must be PDF, Word, PowerPoint or Excel documents you uploaded, at most 10 MB each' },
  idTaken: { zh: '该学籍异动已提交', en: 'This status change was submitted already' },
  notStatusChange: { zh: '这不是学籍异动', en: 'This is not a status change' },
} satisfies Record<string, Label | ((...args: never[]) => Label)>;

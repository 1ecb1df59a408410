// 毕业管理 (/xjgl/bygl, menu bygl; issue 23 item 5): zod-free constants and words the screen, the
// server and the tests share. A graduation is a dated record per student; 留级 keeps a student of the
// graduating grade in school, in a class of the grade they repeat.
import type { Label } from './resource';

export { GRADUATION_PERMS } from './graduation-constants';

export const GRADUATION_URLS = {
  list: '/api/graduations/list',
  options: '/api/graduations/options',
  candidates: '/api/graduations/candidates',
  graduate: '/api/graduations/graduate',
  holdBack: '/api/graduations/hold-back',
  accounts: '/api/graduations/accounts',
  export: '/api/graduations/export',
  print: '/api/graduations/print',
} as const;

/** students one call graduates or whose accounts it switches */
export const GRADUATION_BATCH_MAX = 500;
export const HOLD_BACK_REASON_MAX = 200;
/** the print view's rows (a year of a large school) */
export const GRADUATION_PRINT_MAX = 5000;

/** The server's refusals (zh, en), the same words the dialogs show. */
export const GRADUATION_TEXT = {
  noPermission: { zh: '没有毕业管理的权限', en: 'You have no permission for graduation' },
  studentUnknown: { zh: '请选择在册的学生', en: 'Choose a student of the school' },
  stale: { zh: '学生的信息已被他人修改，列表已刷新，请重新操作', en: 'Someone else changed the student meanwhile; the list was reloaded, please try again' },
  notStudying: (name: string): Label => ({ zh: `${name}不是在读学生，不能毕业`, en: `${name} is not studying and cannot graduate` }),
  notGraduating: (name: string): Label => ({ zh: `${name}不在毕业年级的班级中`, en: `${name} is not in a class of the graduating grade` }),
  beforeEnrolment: (name: string, date: string): Label => ({ zh: `毕业日期不能早于${name}的入学日期（${date}）`, en: `The graduation date cannot be before ${name}'s enrolment date (${date})` }),
  beforeClass: (name: string, date: string): Label => ({ zh: `毕业日期不能早于${name}进入现班级的日期（${date}）`, en: `The graduation date cannot be before ${name} joined the class (${date})` }),
  dateInFuture: (today: string): Label => ({ zh: `日期不能晚于今天（${today}）`, en: `The date cannot be after today (${today})` }),
  notHoldable: { zh: '只有毕业年级的在读学生或最近一届的毕业生才能留级', en: 'Only a studying student of the graduating grade or a graduate of the latest year can be held back' },
  classUnknown: { zh: '请选择本校在用的班级', en: 'Choose a current class of the school' },
  wrongGrade: (grade: Label): Label => ({ zh: `留级只能编入${grade.zh}的班级`, en: `A held-back student goes to a class of ${grade.en}` }),
  sameClass: { zh: '学生已在该班级中', en: 'The student is in that class already' },
  notGraduates: { zh: '只能停用或启用毕业生的账号', en: 'Only graduates’ accounts can be disabled or enabled here' },
} satisfies Record<string, Label | ((...args: never[]) => Label)>;

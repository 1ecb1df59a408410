// Dictionary type codes the app relies on, without zod: screens in the /login entry chunk may import them.

/** the school's subjects (科目); duties, exam batches and scores store these codes */
export const SUBJECT_DICT = 'STD_KM';

/** 教室类别: classroom categories (contracts/resources/classrooms.ts category) */
export const CLASSROOM_CATEGORY_DICT = 'STD_JSLB';

/** 国籍 (GB/T 2659 numeric codes): contracts/resources/students.ts nationality */
export const NATIONALITY_DICT = 'STD_GB_GJ';

/** 身份证件类型 (JY/T 1001; '1' resident ID card): contracts/resources/students.ts idType */
export const ID_TYPE_DICT = 'STD_SFZJLX';

/** 家庭关系 (GB/T 4761 codes: 51 father, 52 mother, …): parent_students.relation (家庭信息) */
export const FAMILY_RELATION_DICT = 'STD_GB_JTGX';

/**
 * Every dictionary type the system itself reads (subjects, message types, gender, attendance
 * states, leave types, classroom categories): 数据字典 refuses to delete them or change their code. The same literals as
 * contracts/messages.ts MESSAGE_TYPE_DICT, attendance.ts ATTENDANCE_STATUS_DICT and
 * application-rules.ts LEAVE_TYPE_DICTS (checked by contracts/dict-rules.test.ts).
 */
export const BUILT_IN_DICTS: readonly string[] = [SUBJECT_DICT, 'STD_XB_XXLX', 'STD_GB_XB', 'STD_XSKQ_ZT', 'STD_XSQJLX', 'STD_JSQJLX', CLASSROOM_CATEGORY_DICT, NATIONALITY_DICT, ID_TYPE_DICT, FAMILY_RELATION_DICT];

import { boolean, choice, date, dict, file, org, ref, resource, text } from '../resource';

// A kit definition imports only the kit (lint): the users module's rules restated, checked equal by students-definition.test.ts.
/** contracts/dict-codes.ts NATIONALITY_DICT and ID_TYPE_DICT */
export const STUDENT_DICTS = { nationality: 'STD_GB_GJ', idType: 'STD_SFZJLX' } as const;
/** contracts/user-rules.ts NAME_PATTERN, PHONE_PATTERN, USER_NO_PATTERN, USER_NAME_MAX, USER_NO_MAX, USER_REMARK_MAX */
export const STUDENT_RULES = {
  name: /^[\p{Script=Han}A-Za-z0-9·.\- ]+$/u,
  phone: /^(?:1[3-9]\d{9}|(?:0\d{2,3}-?)?\d{7,8}(?:-\d{1,6})?|\d{3,8})$/,
  number: /^[A-Za-z0-9_-]+$/,
  nameMax: 30,
  numberMax: 30,
  remarkMax: 300,
} as const;
const NAME_PATTERN = STUDENT_RULES.name;
const PHONE_PATTERN = STUDENT_RULES.phone;
const USER_NO_PATTERN = STUDENT_RULES.number;
const USER_NAME_MAX = STUDENT_RULES.nameMax;
const USER_NO_MAX = STUDENT_RULES.numberMax;
const USER_REMARK_MAX = STUDENT_RULES.remarkMax;
const NATIONALITY_DICT = STUDENT_DICTS.nationality;
const ID_TYPE_DICT = STUDENT_DICTS.idType;

/** 在读 / 休学 / 转出 / 毕业 (server students.table.ts STUDENT_STATUSES, migration 0029's CHECK) */
export const STUDENT_STATUS_OPTIONS = [
  { value: 'studying', label: { zh: '在读', en: 'Studying' } },
  { value: 'suspended', label: { zh: '休学', en: 'Suspended' } },
  { value: 'transferred', label: { zh: '转出', en: 'Transferred out' } },
  { value: 'graduated', label: { zh: '毕业', en: 'Graduated' } },
] as const;

/** the detail drawer's call (server students.module.ts extraRoutes) */
export const STUDENT_DETAIL_URL = '/api/students/detail';

/** 居民身份证: the ID type whose number is checked as an 18-character resident ID (GB 11643) */
export const RESIDENT_ID_TYPE = '1';

const AREA_CODE = { regex: /^\d{6}$/, message: { zh: '请选择到区县', en: 'must name a district' } };

/**
 * 学生信息 (/jcsj/xsxx, issue 23 item 1): a student's person row and record (the view
 * student_records of migration 0029). The class is chosen when the student is added and read-only
 * after (学籍异动 moves students); the student number may be left empty on the form: the school's
 * template (year + gender + campus + serial, SPEC §9) makes it.
 */
export const students = resource({
  name: 'students',
  title: { zh: '学生信息', en: 'Student information' },
  noun: { zh: '学生', en: 'student' },
  path: '/api/students',
  perm: 'xsxx',
  fields: {
    studentNo: text(
      { zh: '学号', en: 'Student number' },
      { max: USER_NO_MAX, pattern: { regex: USER_NO_PATTERN, message: { zh: '只能包含字母、数字、下划线和短横线', en: 'may contain only letters, digits, _ and -' } }, hint: { zh: '留空则按学号模板生成', en: 'Left empty, the student-number template makes one' } },
    ),
    name: text({ zh: '姓名', en: 'Name' }, { max: USER_NAME_MAX, required: true, pattern: { regex: NAME_PATTERN, message: { zh: '不能包含特殊字符', en: 'may not contain special characters' } } }),
    pinyin: text({ zh: '姓名拼音', en: 'Pinyin' }, { max: 100, pattern: { regex: /^[A-Za-züÜ' ]+$/, message: { zh: '只能包含字母和空格', en: 'may contain only letters and spaces' } }, hint: { zh: '留空则按姓名生成', en: 'Left empty, made from the name' } }),
    nameEn: text({ zh: '英文名', en: 'English name' }, { max: 100, pattern: { regex: /^[A-Za-z .'-]+$/, message: { zh: '只能包含英文字母、空格和 . \' -', en: "may contain only letters, spaces and . ' -" } } }),
    gender: choice({ zh: '性别', en: 'Gender' }, { required: true, options: [{ value: '1', label: { zh: '男', en: 'Male' } }, { value: '2', label: { zh: '女', en: 'Female' } }] }),
    birthDate: date({ zh: '出生日期', en: 'Birth date' }, { required: true }),
    nationality: dict({ zh: '国籍', en: 'Nationality' }, NATIONALITY_DICT, { required: true }),
    idType: dict({ zh: '证件类型', en: 'ID type' }, ID_TYPE_DICT, { required: true }),
    idNumber: text({ zh: '证件号码', en: 'ID number' }, { max: 30, pattern: { regex: /^[A-Za-z0-9()-]+$/, message: { zh: '只能包含字母、数字和括号', en: 'may contain only letters, digits and brackets' } } }),
    nativePlace: text({ zh: '籍贯', en: 'Native place' }, { max: 6, pattern: AREA_CODE }),
    householdPlace: text({ zh: '户籍所在地', en: 'Household registration' }, { max: 6, pattern: AREA_CODE }),
    campusId: ref({ zh: '校区', en: 'Campus' }, 'campuses', { required: true }),
    classId: org({ zh: '班级', en: 'Class' }, { required: true, fixedOnEdit: true, hint: { zh: '新增时选择；之后调班请办理学籍异动', en: 'Chosen when adding; later class changes go through status changes' } }),
    enrolmentDate: date({ zh: '入学日期', en: 'Enrolment date' }, { required: true }),
    status: choice({ zh: '学籍状态', en: 'Status' }, { required: true, default: 'studying', options: STUDENT_STATUS_OPTIONS }),
    boarding: boolean({ zh: '住宿方式', en: 'Boarding' }, { on: { zh: '住校', en: 'Boarder' }, off: { zh: '走读', en: 'Day student' } }),
    photoFileId: file({ zh: '照片', en: 'Photo' }, { profile: 'avatar', image: true, noExcel: true }),
    phone: text({ zh: '联系电话', en: 'Phone' }, { max: 20, pattern: { regex: PHONE_PATTERN, message: { zh: '格式不正确', en: 'is not a valid phone number' } } }),
    address: text({ zh: '家庭住址', en: 'Address' }, { max: 100 }),
    remark: text({ zh: '备注', en: 'Remark' }, { max: USER_REMARK_MAX, rows: 3 }),
    hasAccount: boolean({ zh: '账号', en: 'Account' }, { readOnly: true, on: { zh: '已开通', en: 'Active' }, off: { zh: '未开通', en: 'Not set up' } }),
  },
  unique: ['studentNo'],
  search: {
    keyword: { contains: ['name', 'studentNo', 'idNumber'], label: { zh: '姓名/学号/证件号', en: 'Name, number or ID' } },
    classId: { equals: 'classId' },
    campusId: { equals: 'campusId' },
    status: { equals: 'status' },
  },
  order: [{ field: 'studentNo' }],
  sortable: ['studentNo', 'name', 'birthDate', 'enrolmentDate'],
  display: 'name',
  importable: true,
  exportable: true,
  inUse: { zh: '该学生已有考勤、成绩或家长等记录，不能删除', en: 'The student has attendance, scores, parents or other records and cannot be deleted' },
});

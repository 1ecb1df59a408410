import { v7 as uuidv7 } from 'uuid';
import { LEAVE_TYPE_DICTS } from '../../../contracts/application-rules';
import { ATTENDANCE_STATUS_DICT } from '../../../contracts/attendance';
import { CLASSROOM_CATEGORY_DICT, FAMILY_RELATION_DICT, ID_TYPE_DICT, NATIONALITY_DICT } from '../../../contracts/dict-codes';
import { SUBJECT_DICT } from '../../../contracts/dicts';
import { MESSAGE_TYPE_DICT } from '../../../contracts/messages';
import { dictEntries, dictTypes } from '../../modules/dicts/dicts.table';
import type { Tx } from '../client';

interface SeedDictionary {
  code: string;
  name: string;
  nameEn: string;
  remark: string;
  entries: { code: string; name: string; nameEn: string; shortName?: string; source?: string }[];
}

/** Message type codes of the demo data (entries of MESSAGE_TYPE_DICT). */
export const MESSAGE_TYPES = {
  notice: '1',
  leave: '2',
  score: '3',
  survey: '4',
  homework: '5',
  approval: '6',
} as const;

/** The dictionaries every tenant starts with; the dictionary screens (a later issue) manage more. */
export const SEED_DICTIONARIES: readonly SeedDictionary[] = [
  {
    code: MESSAGE_TYPE_DICT,
    name: '消息类型',
    nameEn: 'Message types',
    remark: '消息中心的消息分类',
    entries: [
      { code: MESSAGE_TYPES.notice, name: '系统通知', nameEn: 'System notice', shortName: '通知' },
      { code: MESSAGE_TYPES.leave, name: '请假审批', nameEn: 'Leave approval', shortName: '请假' },
      { code: MESSAGE_TYPES.score, name: '成绩发布', nameEn: 'Score release', shortName: '成绩' },
      { code: MESSAGE_TYPES.survey, name: '问卷调查', nameEn: 'Survey', shortName: '问卷' },
      { code: MESSAGE_TYPES.homework, name: '作业通知', nameEn: 'Homework', shortName: '作业' },
      { code: MESSAGE_TYPES.approval, name: '审批通知', nameEn: 'Approval', shortName: '审批' },
    ],
  },
  {
    code: 'STD_GB_XB',
    name: '性别',
    nameEn: 'Gender',
    remark: 'GB/T 2261.1-2003 人的性别代码',
    entries: [
      { code: '1', name: '男', nameEn: 'Male', source: 'GB/T 2261.1-2003' },
      { code: '2', name: '女', nameEn: 'Female', source: 'GB/T 2261.1-2003' },
    ],
  },
  {
    code: ATTENDANCE_STATUS_DICT,
    name: '学生考勤状态',
    nameEn: 'Student attendance statuses',
    remark: '学生考勤点名的状态；1 出勤为默认',
    entries: [
      { code: '1', name: '出勤', nameEn: 'Present' },
      { code: '2', name: '缺勤', nameEn: 'Absent' },
      { code: '3', name: '迟到', nameEn: 'Late' },
      { code: '4', name: '请假', nameEn: 'On leave' },
      { code: '5', name: '早退', nameEn: 'Left early' },
      { code: '9', name: '其他', nameEn: 'Other' },
    ],
  },
  {
    code: LEAVE_TYPE_DICTS.student_leave!,
    name: '学生请假类型',
    nameEn: 'Student leave types',
    remark: '学生请假申请的类型',
    entries: [
      { code: '1', name: '病假', nameEn: 'Sick leave' },
      { code: '2', name: '事假', nameEn: 'Personal leave' },
      { code: '9', name: '其他', nameEn: 'Other' },
    ],
  },
  {
    code: LEAVE_TYPE_DICTS.staff_leave!,
    name: '教职工请假类型',
    nameEn: 'Staff leave types',
    remark: '教师考勤请假申请的类型',
    entries: [
      { code: '1', name: '事假', nameEn: 'Personal leave' },
      { code: '2', name: '病假', nameEn: 'Sick leave' },
      { code: '3', name: '年休假', nameEn: 'Annual leave' },
      { code: '4', name: '婚假', nameEn: 'Marriage leave' },
      { code: '5', name: '产假', nameEn: 'Maternity leave' },
      { code: '6', name: '丧假', nameEn: 'Bereavement leave' },
      { code: '7', name: '探亲假', nameEn: 'Family visit leave' },
    ],
  },
  {
    // migration 0025 adds the same entries to a school started before it
    code: CLASSROOM_CATEGORY_DICT,
    name: '教室类别',
    nameEn: 'Classroom categories',
    remark: '教室管理的教室类别',
    entries: [
      { code: '1', name: '普通教室', nameEn: 'Ordinary classroom' },
      { code: '2', name: '多媒体教室', nameEn: 'Multimedia classroom' },
      { code: '3', name: '实验室', nameEn: 'Laboratory' },
      { code: '4', name: '功能室', nameEn: 'Special-purpose room' },
      { code: '5', name: '体育场馆', nameEn: 'Sports hall' },
    ],
  },
  {
    // 学生信息 (issue 23); migration 0029 adds the same entries to a school started before it
    code: NATIONALITY_DICT,
    name: '国籍',
    nameEn: 'Nationalities',
    remark: 'GB/T 2659 世界各国和地区名称代码',
    entries: [
      { code: '156', name: '中国', nameEn: 'China' },
      { code: '344', name: '中国香港', nameEn: 'Hong Kong, China' },
      { code: '446', name: '中国澳门', nameEn: 'Macao, China' },
      { code: '158', name: '中国台湾', nameEn: 'Taiwan, China' },
      { code: '410', name: '韩国', nameEn: 'Korea' },
      { code: '392', name: '日本', nameEn: 'Japan' },
      { code: '702', name: '新加坡', nameEn: 'Singapore' },
      { code: '840', name: '美国', nameEn: 'United States' },
      { code: '826', name: '英国', nameEn: 'United Kingdom' },
      { code: '124', name: '加拿大', nameEn: 'Canada' },
      { code: '036', name: '澳大利亚', nameEn: 'Australia' },
      { code: '999', name: '其他', nameEn: 'Other' },
    ],
  },
  {
    code: ID_TYPE_DICT,
    name: '身份证件类型',
    nameEn: 'ID document types',
    remark: 'JY/T 1001 身份证件类型',
    entries: [
      { code: '1', name: '居民身份证', nameEn: 'Resident ID card' },
      { code: '6', name: '香港特区身份证明', nameEn: 'Hong Kong identity card' },
      { code: '7', name: '澳门特区身份证明', nameEn: 'Macao identity card' },
      { code: '8', name: '台湾居民来往大陆通行证', nameEn: 'Mainland travel permit for Taiwan residents' },
      { code: '9', name: '境外永久居住证', nameEn: 'Foreign permanent residence card' },
      { code: 'A', name: '护照', nameEn: 'Passport' },
      { code: 'Z', name: '其他', nameEn: 'Other' },
    ],
  },
  {
    // 家庭信息 (issue 23 item 3): parent_students.relation; migration 0032 adds the same entries to a school started before it
    code: FAMILY_RELATION_DICT,
    name: '家庭关系',
    nameEn: 'Family relations',
    remark: 'GB/T 4761 家庭关系代码',
    entries: [
      { code: '51', name: '父亲', nameEn: 'Father' },
      { code: '52', name: '母亲', nameEn: 'Mother' },
      { code: '57', name: '继父', nameEn: 'Stepfather' },
      { code: '58', name: '继母', nameEn: 'Stepmother' },
      { code: '61', name: '祖父', nameEn: 'Paternal grandfather' },
      { code: '62', name: '祖母', nameEn: 'Paternal grandmother' },
      { code: '63', name: '外祖父', nameEn: 'Maternal grandfather' },
      { code: '64', name: '外祖母', nameEn: 'Maternal grandmother' },
      { code: '71', name: '兄', nameEn: 'Elder brother' },
      { code: '75', name: '姐姐', nameEn: 'Elder sister' },
      { code: '97', name: '其他亲属', nameEn: 'Other relative' },
      { code: '99', name: '其他监护人', nameEn: 'Other guardian' },
    ],
  },
];

/** Inserts the seed dictionaries of one tenant, with its subjects (two multi-row statements). */
export async function seedDictionaries(tx: Tx, tenantId: string, subjects: SeedDictionary['entries']): Promise<void> {
  const typeRows: (typeof dictTypes.$inferInsert)[] = [];
  const entryRows: (typeof dictEntries.$inferInsert)[] = [];
  const subjectDictionary: SeedDictionary = { code: SUBJECT_DICT, name: '科目', nameEn: 'Subjects', remark: '学校开设的科目；任课、考试批次与成绩引用其代码', entries: subjects };
  [...SEED_DICTIONARIES, subjectDictionary].forEach((dictionary, typeIndex) => {
    const typeId = uuidv7();
    typeRows.push({ tenantId, id: typeId, code: dictionary.code, name: dictionary.name, nameEn: dictionary.nameEn, remark: dictionary.remark, sort: (typeIndex + 1) * 10 });
    dictionary.entries.forEach((entry, entryIndex) =>
      entryRows.push({
        tenantId,
        id: uuidv7(),
        typeId,
        code: entry.code,
        name: entry.name,
        nameEn: entry.nameEn,
        shortName: entry.shortName ?? '',
        source: entry.source ?? '',
        sort: (entryIndex + 1) * 10,
      }),
    );
  });
  await tx.insert(dictTypes).values(typeRows);
  await tx.insert(dictEntries).values(entryRows);
}

// 家庭信息 (/jcsj/jtxx) without zod: permission codes, limits, the field rules with their words (the
// drawer and the server say the same) and the refusals. contracts/guardians.ts is the zod contract.
import type { FieldIssue, Label } from './resource';
import { isValidIdNumber, NAME_PATTERN, PHONE_PATTERN, USER_NAME_MAX } from './user-rules';

export { GUARDIANS_EDIT_PERMISSION, GUARDIANS_EXPORT_PERMISSION, GUARDIANS_PERMISSION } from './guardian-constants';

/** a student's emergency contacts are places 1..9 */
export const EMERGENCY_ORDER_MAX = 9;
export const WORK_UNIT_MAX = 100;
export const GUARDIAN_ID_NUMBER_MAX = 30;
/** 身份证件类型 '1' (resident ID card): the number is checked (18 characters, GB 11643) */
export const RESIDENT_ID = '1';
/** students of one parent-account run */
export const GUARDIAN_ACCOUNTS_MAX = 500;
/** relations (家庭关系 codes) that tell the guardian's gender: the person row keeps it */
const MALE_RELATIONS = ['51', '57', '61', '63', '71'];
const FEMALE_RELATIONS = ['52', '58', '62', '64', '75'];
export const genderOfRelation = (relation: string): '1' | '2' | null => (MALE_RELATIONS.includes(relation) ? '1' : FEMALE_RELATIONS.includes(relation) ? '2' : null);

/** what a guardian's form holds (the person, their profile and the link to one child) */
export interface GuardianFields {
  name: string;
  relation: string;
  phone: string;
  workUnit: string;
  idType: string;
  idNumber: string;
  livesWith: boolean;
  /** null: not an emergency contact */
  emergencyOrder: number | null;
}

export const GUARDIAN_TEXT = {
  nameRequired: { zh: '请输入姓名', en: 'Please enter the name' },
  nameTooLong: { zh: `姓名最多${USER_NAME_MAX}个字符`, en: `The name is at most ${USER_NAME_MAX} characters` },
  namePattern: { zh: '姓名不能包含特殊字符', en: 'The name must not contain special characters' },
  relationRequired: { zh: '请选择与学生关系', en: 'Please choose the relation to the student' },
  phoneRequired: { zh: '请输入联系电话', en: 'Please enter the phone number' },
  phonePattern: { zh: '请输入正确的手机号或电话号码', en: 'Please enter a valid mobile or phone number' },
  workUnitTooLong: { zh: `工作单位最多${WORK_UNIT_MAX}个字符`, en: `The work unit is at most ${WORK_UNIT_MAX} characters` },
  idTypeRequired: { zh: '请选择证件类型', en: 'Please choose the ID document type' },
  idNumberInvalid: { zh: '请输入正确的18位身份证号', en: 'Please enter a valid 18-character ID number' },
  idNumberPattern: { zh: `证件号码只能包含字母和数字，最多${GUARDIAN_ID_NUMBER_MAX}个字符`, en: `The ID number may hold only letters and digits, at most ${GUARDIAN_ID_NUMBER_MAX}` },
  emergencyOrderRange: { zh: `紧急联系顺序应为1到${EMERGENCY_ORDER_MAX}`, en: `The emergency contact order must be 1 to ${EMERGENCY_ORDER_MAX}` },
  emergencyOrderTaken: (order: number): Label => ({ zh: `紧急联系顺序${order}已被该学生的其他监护人占用`, en: `Emergency contact place ${order} is taken by another guardian of this student` }),
  idNumberTaken: (name: string): Label => ({ zh: `该证件号码已登记为监护人${name}，请使用“关联已有监护人”`, en: `This ID number belongs to the guardian ${name}: use “Link an existing guardian”` }),
  phoneTaken: (name: string): Label => ({ zh: `该联系电话已登记为监护人${name}，请使用“关联已有监护人”`, en: `This phone number belongs to the guardian ${name}: use “Link an existing guardian”` }),
  alreadyLinked: { zh: '该监护人已是这名学生的监护人', en: 'This guardian is already linked to this student' },
  notLinked: { zh: '该监护人不是这名学生的监护人', en: 'This guardian is not linked to this student' },
  studentNotFound: { zh: '学生不存在', en: 'The student does not exist' },
  guardianNotFound: { zh: '监护人不存在', en: 'The guardian does not exist' },
  stale: { zh: '监护人信息已被他人修改，请刷新后重试', en: 'Someone else changed this guardian: reload and try again' },
  reorderMismatch: { zh: '紧急联系人名单已变化，请刷新后重试', en: 'The emergency contacts changed: reload and try again' },
  findNeedsKey: { zh: '请输入联系电话或证件号码', en: 'Please enter a phone number or an ID number' },
  saved: { zh: '保存成功', en: 'Saved' },
  linked: { zh: '关联成功', en: 'Linked' },
  unlinked: { zh: '已解除关联', en: 'Unlinked' },
  unlinkedKept: { zh: '已解除关联；该监护人仍关联其他学生或持有账号，予以保留', en: 'Unlinked; the guardian stays (linked to other students or holding an account)' },
  reordered: { zh: '紧急联系顺序已保存', en: 'Emergency contact order saved' },
  // parent accounts (SPEC §9: parent account = prefix + the student's account)
  accountNoStudentNo: { zh: '学生没有学号，无法生成家长账号', en: 'The student has no student number: no parent account can be made' },
  accountNoGuardian: { zh: '学生还没有监护人，请先添加', en: 'The student has no guardian yet: add one first' },
  accountHas: (account: string, name: string): Label => ({ zh: `已有家长账号 ${account}（${name}）`, en: `Has the parent account ${account} (${name})` }),
  accountTaken: (account: string, name: string): Label => ({ zh: `账号 ${account} 已被 ${name} 使用，未创建`, en: `The account ${account} is used by ${name}: not created` }),
  accountNoIdNumber: { zh: '监护人与学生都没有有效的身份证号，无法设定初始密码', en: 'Neither the guardian nor the student has a valid ID number for the initial password' },
  accountsDone: (created: number, skipped: number, failed: number): Label => ({
    zh: `创建家长账号 ${created} 个，跳过 ${skipped} 个，失败 ${failed} 个`,
    en: `Parent accounts created: ${created}, skipped: ${skipped}, failed: ${failed}`,
  }),
} as const;

/** Every broken field rule of a guardian's form (the server checks the dictionaries besides). */
export function guardianIssues(input: GuardianFields): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const name = input.name.trim();
  if (!name) issues.push({ field: 'name', message: GUARDIAN_TEXT.nameRequired });
  else if ([...name].length > USER_NAME_MAX) issues.push({ field: 'name', message: GUARDIAN_TEXT.nameTooLong });
  else if (!NAME_PATTERN.test(name)) issues.push({ field: 'name', message: GUARDIAN_TEXT.namePattern });
  if (!input.relation) issues.push({ field: 'relation', message: GUARDIAN_TEXT.relationRequired });
  const phone = input.phone.trim();
  if (!phone) issues.push({ field: 'phone', message: GUARDIAN_TEXT.phoneRequired });
  else if (!PHONE_PATTERN.test(phone)) issues.push({ field: 'phone', message: GUARDIAN_TEXT.phonePattern });
  if ([...input.workUnit.trim()].length > WORK_UNIT_MAX) issues.push({ field: 'workUnit', message: GUARDIAN_TEXT.workUnitTooLong });
  if (!input.idType) issues.push({ field: 'idType', message: GUARDIAN_TEXT.idTypeRequired });
  const idNumber = input.idNumber.trim();
  if (idNumber) {
    if (input.idType === RESIDENT_ID) {
      if (!isValidIdNumber(idNumber)) issues.push({ field: 'idNumber', message: GUARDIAN_TEXT.idNumberInvalid });
    } else if (idNumber.length > GUARDIAN_ID_NUMBER_MAX || !/^[A-Za-z0-9]+$/.test(idNumber)) issues.push({ field: 'idNumber', message: GUARDIAN_TEXT.idNumberPattern });
  }
  if (input.emergencyOrder !== null && !(Number.isInteger(input.emergencyOrder) && input.emergencyOrder >= 1 && input.emergencyOrder <= EMERGENCY_ORDER_MAX)) {
    issues.push({ field: 'emergencyOrder', message: GUARDIAN_TEXT.emergencyOrderRange });
  }
  return issues;
}

// 组织机构 (/system/org) rules without zod: the drawer form shows them as typed, the server refuses the
// same input with the same words (server/i18n/messages.ts spreads ORG_ISSUE_TEXT).

export const ORGS_PERMISSION = 'system_org';
export const ORGS_ADD_PERMISSION = 'system_org_add';
export const ORGS_EDIT_PERMISSION = 'system_org_edit';
export const ORGS_DELETE_PERMISSION = 'system_org_delete';

export const ORG_KINDS = ['school', 'department', 'grade', 'class'] as const;
export type OrgKind = (typeof ORG_KINDS)[number];
/** what an administrator may add (the school node is the one root) */
export const ORG_ADDABLE_KINDS = ['department', 'grade', 'class'] as const;

export const ORG_CODE_MAX = 30;
export const ORG_NAME_MAX = 30;
export const ORG_NAME_EN_MAX = 60;
export const ORG_REMARK_MAX = 200;
export const ORG_SORT_MAX = 9999;
export const ORG_GRADE_LEVEL_MAX = 12;
export const ORG_CODE_PATTERN = /^[A-Za-z0-9_]+$/;
/** letters (any script), digits, spaces and ( ) （ ） - _ · . */
export const ORG_NAME_PATTERN = /^[\p{L}\p{N} ()（）\-_·.]+$/u;

export interface OrgFields {
  kind: OrgKind;
  code: string;
  name: string;
  nameEn: string;
  gradeLevel: number | null;
  sort: number;
  remark: string;
}
export type OrgField = 'code' | 'name' | 'nameEn' | 'gradeLevel' | 'sort' | 'remark' | 'parentId';
export type OrgIssueCode =
  | 'orgsCodeRequired'
  | 'orgsCodeInvalid'
  | 'orgsNameRequired'
  | 'orgsNameTooLong'
  | 'orgsNameInvalid'
  | 'orgsNameEnInvalid'
  | 'orgsGradeLevelRange'
  | 'orgsSortRange'
  | 'orgsRemarkTooLong'
  | 'orgsDepartmentPlace'
  | 'orgsGradePlace'
  | 'orgsClassPlace'
  | 'orgsSchoolFixed';
export interface OrgIssue {
  field: OrgField;
  code: OrgIssueCode;
  params?: Record<string, string | number>;
}

const length = (text: string) => [...text].length;

/** What is wrong with an org unit's own fields ([] when fine). */
export function orgIssues(org: OrgFields): OrgIssue[] {
  const issues: OrgIssue[] = [];
  const code = org.code.trim();
  if (code === '') issues.push({ field: 'code', code: 'orgsCodeRequired' });
  else if (code.length > ORG_CODE_MAX || !ORG_CODE_PATTERN.test(code)) issues.push({ field: 'code', code: 'orgsCodeInvalid', params: { max: ORG_CODE_MAX } });
  const name = org.name.trim();
  if (name === '') issues.push({ field: 'name', code: 'orgsNameRequired' });
  else if (length(name) > ORG_NAME_MAX) issues.push({ field: 'name', code: 'orgsNameTooLong', params: { max: ORG_NAME_MAX } });
  else if (!ORG_NAME_PATTERN.test(name)) issues.push({ field: 'name', code: 'orgsNameInvalid' });
  const nameEn = org.nameEn.trim();
  if (nameEn !== '' && (length(nameEn) > ORG_NAME_EN_MAX || !ORG_NAME_PATTERN.test(nameEn))) issues.push({ field: 'nameEn', code: 'orgsNameEnInvalid', params: { max: ORG_NAME_EN_MAX } });
  if (org.kind === 'grade' && (org.gradeLevel === null || !Number.isInteger(org.gradeLevel) || org.gradeLevel < 1 || org.gradeLevel > ORG_GRADE_LEVEL_MAX)) {
    issues.push({ field: 'gradeLevel', code: 'orgsGradeLevelRange', params: { max: ORG_GRADE_LEVEL_MAX } });
  }
  if (!Number.isInteger(org.sort) || org.sort < 0 || org.sort > ORG_SORT_MAX) issues.push({ field: 'sort', code: 'orgsSortRange', params: { max: ORG_SORT_MAX } });
  if (length(org.remark) > ORG_REMARK_MAX) issues.push({ field: 'remark', code: 'orgsRemarkTooLong', params: { max: ORG_REMARK_MAX } });
  return issues;
}

/** Where a kind may sit: departments under the school or a department, grades under the school, classes under a grade; the school nowhere. */
export function orgPlacementIssue(kind: OrgKind, parentKind: OrgKind | null): OrgIssueCode | null {
  switch (kind) {
    case 'school':
      return 'orgsSchoolFixed';
    case 'department':
      return parentKind === 'school' || parentKind === 'department' ? null : 'orgsDepartmentPlace';
    case 'grade':
      return parentKind === 'school' ? null : 'orgsGradePlace';
    case 'class':
      return parentKind === 'grade' ? null : 'orgsClassPlace';
  }
}

export const ORG_ISSUE_TEXT: Record<OrgIssueCode, { zh: string; en: string }> = {
  orgsCodeRequired: { zh: '请输入机构编码', en: 'Enter the code' },
  orgsCodeInvalid: { zh: '机构编码只能包含字母、数字和下划线，不超过{max}个字符', en: 'The code may contain only letters, digits and _, at most {max} characters' },
  orgsNameRequired: { zh: '请输入机构名称', en: 'Enter the name' },
  orgsNameTooLong: { zh: '机构名称不能超过{max}个字符', en: 'The name may have at most {max} characters' },
  orgsNameInvalid: { zh: '机构名称不能包含特殊字符', en: 'The name cannot contain special characters' },
  orgsNameEnInvalid: { zh: '英文名称不能包含特殊字符，不超过{max}个字符', en: 'The English name cannot contain special characters and may have at most {max} characters' },
  orgsGradeLevelRange: { zh: '年级序号须为1到{max}之间的整数', en: 'The grade level must be a whole number from 1 to {max}' },
  orgsSortRange: { zh: '排序须为0到{max}之间的整数', en: 'The sort must be a whole number from 0 to {max}' },
  orgsRemarkTooLong: { zh: '备注不能超过{max}个字符', en: 'The remark may have at most {max} characters' },
  orgsDepartmentPlace: { zh: '部门只能放在学校或部门下', en: 'A department can only be placed under the school or a department' },
  orgsGradePlace: { zh: '年级只能放在学校下', en: 'A grade can only be placed under the school' },
  orgsClassPlace: { zh: '班级只能放在年级下', en: 'A class can only be placed under a grade' },
  orgsSchoolFixed: { zh: '学校节点只有一个，不能新增、移动或删除', en: 'There is one school node; it cannot be added, moved or deleted' },
};

export const orgIssueText = (issue: { code: OrgIssueCode; params?: Record<string, string | number> }, lang: 'zh' | 'en'): string =>
  ORG_ISSUE_TEXT[issue.code][lang].replace(/\{(\w+)\}/g, (_, name: string) => String(issue.params?.[name] ?? ''));

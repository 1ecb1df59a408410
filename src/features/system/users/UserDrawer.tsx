import { HStack, Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import {
  ACCOUNT_MAX,
  EMAIL_MAX,
  PHONE_MAX,
  USER_ISSUE_TEXT,
  USER_NAME_MAX,
  USER_NO_MAX,
  USER_REMARK_MAX,
  USER_TYPES,
  userIssues,
  type UserTypeCode,
} from '../../../../contracts/user-rules';
import type { UserOptions, UserRow, UserSaveRequest } from '../../../../contracts/users';
import { useDraft } from '../../../components/form/use-draft';
import { FormShell } from '../../../components/FormShell';
import { FormField } from '../../../components/form/FormField';
import { ChoiceSelect } from '../../../components/selector/ChoiceSelect';
import { PeopleOrgRoleSelector } from '../../../components/selector/PeopleOrgRoleSelector';
import { HttpError } from '../../../lib/http';
import { GENDER_LABELS, USER_TYPE_LABELS } from './labels';

export interface UserDraft {
  username: string;
  name: string;
  userType: UserTypeCode;
  gender: string;
  userNo: string;
  orgUnitId: string;
  campusId: string;
  phone: string;
  email: string;
  idNumber: string;
  roleIds: string[];
  enabled: boolean;
  remark: string;
}

export const blankUserDraft = (): UserDraft => ({
  username: '',
  name: '',
  userType: '3',
  gender: '',
  userNo: '',
  orgUnitId: '',
  campusId: '',
  phone: '',
  email: '',
  idNumber: '',
  roleIds: [],
  enabled: true,
  remark: '',
});

export const userDraftOf = (row: UserRow): UserDraft => ({
  username: row.username,
  name: row.name,
  userType: row.userType,
  gender: row.gender ?? '',
  userNo: row.userNo,
  orgUnitId: row.orgUnitId ?? '',
  campusId: row.campusId ?? '',
  phone: row.phone,
  email: row.email,
  idNumber: row.idNumber,
  roleIds: row.roleIds,
  enabled: row.enabled,
  remark: row.remark,
});

export const userSaveBody = (draft: UserDraft, row?: UserRow): UserSaveRequest => ({
  ...(row ? { id: row.id, version: row.version } : {}),
  ...draft,
  username: draft.username.trim(),
  name: draft.name.trim(),
  gender: (draft.gender || null) as '1' | '2' | null,
  orgUnitId: draft.orgUnitId || null,
  campusId: draft.campusId || null,
  idNumber: draft.idNumber.trim().toUpperCase(),
});

export interface UserDrawerProps {
  row?: UserRow;
  options: UserOptions;
  onClose: () => void;
  /** rejects on refusal: the drawer stays with everything typed and shows the server's words */
  onSave: (body: UserSaveRequest) => Promise<unknown>;
}

/**
 * 用户管理's add / edit drawer. The SPEC §5 rules (contracts/user-rules.ts `userIssues`) show per
 * field as typed once a save was tried, in the same words the server uses.
 */
export default function UserDrawer({ row, options, onClose, onSave }: UserDrawerProps) {
  const { t, i18n } = useLingui();
  const lang = i18n.locale === 'en' ? 'en' : 'zh';
  const { draft, patch: set, dirty } = useDraft<UserDraft>(() => (row ? userDraftOf(row) : blankUserDraft()));
  const [tried, setTried] = useState(false);
  const [error, setError] = useState('');
  const problems = useMemo(() => {
    if (!tried) return {} as Record<string, string>;
    return Object.fromEntries(userIssues(draft).map((issue) => [issue.field, USER_ISSUE_TEXT[issue.code][lang]])) as Record<string, string>;
  }, [draft, tried, lang]);
  const roleCodes = useMemo(() => new Map(options.roles.map((role) => [role.code, role.id])), [options.roles]);
  const roleValue = options.roles
    .filter((role) => draft.roleIds.includes(role.id))
    .map((role) => `R_${role.code}`)
    .join(',');

  const save = async () => {
    setTried(true);
    setError('');
    if (userIssues(draft).length > 0) throw new Error('problems');
    try {
      await onSave(userSaveBody(draft, row));
    } catch (failure) {
      setError(failure instanceof HttpError ? failure.msg : t`保存失败，请稍后重试`);
      throw failure;
    }
  };

  const input = (field: 'username' | 'name' | 'userNo' | 'phone' | 'email' | 'idNumber', max: number) => (
    <Input value={draft[field]} maxLength={max} placeholder={t`请输入`} onChange={(event) => set({ [field]: event.currentTarget.value })} data-testid={`user-form-${field}`} />
  );

  return (
    <FormShell open dirty={dirty} size="lg" title={row ? <Trans>编辑用户</Trans> : <Trans>新增用户</Trans>} onCancel={onClose} onSave={save}>
      <Stack gap="4" data-testid="user-form">
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
          <FormField label={<Trans>姓名</Trans>} required error={problems.name}>
            {input('name', USER_NAME_MAX)}
          </FormField>
          <FormField label={<Trans>账号</Trans>} required error={problems.username}>
            {input('username', ACCOUNT_MAX + 10)}
          </FormField>
          <FormField label={<Trans>用户类型</Trans>} required>
            <ChoiceSelect
              value={draft.userType}
              placeholder={false}
              testId="user-form-userType"
              onChange={(userType) => set({ userType: userType as UserTypeCode })}
              choices={USER_TYPES.map((type) => ({ value: type, label: i18n._(USER_TYPE_LABELS[type]) }))}
            />
          </FormField>
          <FormField label={<Trans>性别</Trans>}>
            <ChoiceSelect
              value={draft.gender}
              placeholder={t`请选择`}
              testId="user-form-gender"
              onChange={(gender) => set({ gender })}
              choices={(['1', '2'] as const).map((gender) => ({ value: gender, label: i18n._(GENDER_LABELS[gender]) }))}
            />
          </FormField>
          <FormField label={<Trans>工号/学号</Trans>} error={problems.userNo}>
            {input('userNo', USER_NO_MAX)}
          </FormField>
          <FormField label={<Trans>身份证号</Trans>} error={problems.idNumber}>
            {input('idNumber', 18)}
          </FormField>
          <FormField label={<Trans>组织机构</Trans>}>
            <PeopleOrgRoleSelector
              types={['org']}
              multiple={false}
              limit={1}
              value={draft.orgUnitId ? `O_${draft.orgUnitId}` : ''}
              placeholder={t`请选择`}
              aria-label={t`组织机构`}
              onChange={(value) => set({ orgUnitId: value.split(',').find((code) => code.startsWith('O_'))?.slice(2) ?? '' })}
            />
          </FormField>
          <FormField label={<Trans>校区</Trans>}>
            <ChoiceSelect
              value={draft.campusId}
              placeholder={t`请选择`}
              testId="user-form-campus"
              onChange={(campusId) => set({ campusId })}
              choices={options.campuses.map((campus) => ({ value: campus.id, label: campus.name }))}
            />
          </FormField>
          <FormField label={<Trans>手机号</Trans>} error={problems.phone}>
            {input('phone', PHONE_MAX)}
          </FormField>
          <FormField label={<Trans>邮箱</Trans>} error={problems.email}>
            {input('email', EMAIL_MAX)}
          </FormField>
        </SimpleGrid>
        <FormField label={<Trans>角色</Trans>}>
          <PeopleOrgRoleSelector
            types={['role']}
            roleType="ordinary"
            value={roleValue}
            placeholder={t`请选择`}
            aria-label={t`角色`}
            onChange={(value) =>
              set({
                roleIds: value
                  .split(',')
                  .filter((code) => code.startsWith('R_'))
                  .map((code) => roleCodes.get(code.slice(2)))
                  .filter((id): id is string => Boolean(id)),
              })
            }
          />
        </FormField>
        <HStack as="label" gap="2" cursor="pointer" width="fit-content">
          <input type="checkbox" checked={draft.enabled} onChange={(event) => set({ enabled: event.currentTarget.checked })} data-testid="user-form-enabled" />
          <Text>
            <Trans>启用</Trans>
          </Text>
        </HStack>
        <FormField label={<Trans>备注</Trans>}>
          <Textarea value={draft.remark} maxLength={USER_REMARK_MAX} rows={2} placeholder={t`请输入`} onChange={(event) => set({ remark: event.currentTarget.value })} data-testid="user-form-remark" />
        </FormField>
        {error && (
          <Text color="fg.error" role="alert" data-testid="user-form-error" whiteSpace="pre-wrap">
            {error}
          </Text>
        )}
      </Stack>
    </FormShell>
  );
}

import { Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { ROLE_LIMITS, ROLE_TYPES } from '../../../../contracts/roles-rules';
import type { RoleCategoryRow, RoleRow, RoleSaveRequest, RoleType } from '../../../../contracts/roles';
import { useDraft } from '../../../components/form/use-draft';
import { FormShell } from '../../../components/FormShell';
import { NumberInput } from '../../../components/form/NumberInput';
import { ChoiceSelect } from '../../../components/selector/ChoiceSelect';
import { HttpError } from '../../../lib/http';
import { localName } from '../../../lib/locale';
import { FilterEditor } from './FilterEditor';
import { blankRoleDraft, roleDraftOf, roleProblems, roleSaveBody, type RoleDraft } from './form-rules';
import { FormField, ROLE_TYPE_LABELS, useProblemText } from './labels';

export interface RoleDrawerProps {
  /** absent: a new role */
  row?: RoleRow;
  categories: readonly RoleCategoryRow[];
  onClose: () => void;
  /** rejects on refusal: the drawer stays with everything typed and shows the server's words */
  onSave: (body: RoleSaveRequest) => Promise<unknown>;
}

/**
 * 角色管理's add / edit drawer: name, English name, code (fixed for built-in roles), category, type
 * and, for a dynamic SQL role, its filter with 测试; sort, remark. Problems show as typed once a save
 * was tried.
 */
export default function RoleDrawer({ row, categories, onClose, onSave }: RoleDrawerProps) {
  const { t, i18n } = useLingui();
  const problemText = useProblemText();
  const { draft, patch: set, dirty } = useDraft<RoleDraft>(() => (row ? roleDraftOf(row) : blankRoleDraft(categories[0]?.code ?? '')));
  const [tried, setTried] = useState(false);
  const [error, setError] = useState('');
  const problems = useMemo(() => (tried ? roleProblems(draft) : {}), [draft, tried]);

  const save = async () => {
    setTried(true);
    setError('');
    if (Object.keys(roleProblems(draft)).length) throw new Error('problems');
    try {
      await onSave(roleSaveBody(draft, row));
    } catch (failure) {
      setError(failure instanceof HttpError ? failure.msg : t`保存失败，请稍后重试`);
      throw failure;
    }
  };

  return (
    <FormShell open dirty={dirty} size="lg" title={row ? <Trans>编辑角色</Trans> : <Trans>新增角色</Trans>} onCancel={onClose} onSave={save}>
      <Stack gap="4" data-testid="role-form">
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
          <FormField label={<Trans>角色名称</Trans>} required error={problemText(problems.name)}>
            <Input value={draft.name} maxLength={ROLE_LIMITS.nameMax} placeholder={t`请输入`} onChange={(event) => set({ name: event.currentTarget.value })} data-testid="role-form-name" />
          </FormField>
          <FormField label={<Trans>英文名称</Trans>} error={problemText(problems.nameEn)}>
            <Input value={draft.nameEn} maxLength={60} placeholder={t`请输入`} onChange={(event) => set({ nameEn: event.currentTarget.value })} data-testid="role-form-name-en" />
          </FormField>
          <FormField
            label={<Trans>角色编码</Trans>}
            required
            error={problemText(problems.code)}
            helper={row?.builtIn ? <Trans>内置角色的编码不可修改</Trans> : <Trans>字母开头，字母、数字或下划线</Trans>}
          >
            <Input
              value={draft.code}
              maxLength={ROLE_LIMITS.codeMax}
              placeholder={t`请输入`}
              readOnly={row?.builtIn}
              disabled={row?.builtIn}
              fontFamily="mono"
              onChange={(event) => set({ code: event.currentTarget.value })}
              data-testid="role-form-code"
            />
          </FormField>
          <FormField label={<Trans>角色类型</Trans>} required error={problemText(problems.businessSystem, 'select')}>
            <ChoiceSelect
              value={draft.businessSystem}
              placeholder={t`请选择`}
              testId="role-form-category"
              invalid={Boolean(problems.businessSystem)}
              onChange={(businessSystem) => set({ businessSystem })}
              choices={categories.map((category) => ({ value: category.code, label: localName(category.name, category.nameEn, i18n.locale) }))}
            />
          </FormField>
          <FormField label={<Trans>角色种类</Trans>} required>
            <ChoiceSelect
              value={draft.type}
              placeholder={false}
              testId="role-form-type"
              onChange={(type) => set({ type: type as RoleType })}
              choices={ROLE_TYPES.map((type) => ({ value: type, label: i18n._(ROLE_TYPE_LABELS[type]) }))}
            />
          </FormField>
          <FormField label={<Trans>排序</Trans>} error={problemText(problems.sort)}>
            <NumberInput value={draft.sort} min={0} max={ROLE_LIMITS.sortMax} onChange={(sort) => set({ sort })} aria-label={t`排序`} />
          </FormField>
        </SimpleGrid>
        {draft.type === 'sql' && <FilterEditor value={draft} onChange={set} problems={problems} />}
        <FormField label={<Trans>备注</Trans>} error={problemText(problems.remark)}>
          <Textarea value={draft.remark} maxLength={ROLE_LIMITS.remarkMax} rows={2} placeholder={t`请输入`} onChange={(event) => set({ remark: event.currentTarget.value })} data-testid="role-form-remark" />
        </FormField>
        {error && (
          <Text color="fg.error" role="alert" data-testid="role-form-error" whiteSpace="pre-wrap">
            {error}
          </Text>
        )}
      </Stack>
    </FormShell>
  );
}

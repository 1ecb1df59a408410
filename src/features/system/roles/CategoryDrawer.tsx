import { Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { ROLE_LIMITS } from '../../../../contracts/roles-rules';
import type { RoleCategoryRow, RoleCategorySaveRequest } from '../../../../contracts/roles';
import { useDraft } from '../../../components/form/use-draft';
import { FormShell } from '../../../components/FormShell';
import { NumberInput } from '../../../components/form/NumberInput';
import { HttpError } from '../../../lib/http';
import { blankCategoryDraft, categoryDraftOf, categoryProblems, categorySaveBody, type CategoryDraft } from './form-rules';
import { FormField, useProblemText } from './labels';

export interface CategoryDrawerProps {
  row?: RoleCategoryRow;
  onClose: () => void;
  onSave: (body: RoleCategorySaveRequest) => Promise<unknown>;
}

/** 角色类型's add / edit drawer: code, name, English name, sort, remark. */
export default function CategoryDrawer({ row, onClose, onSave }: CategoryDrawerProps) {
  const { t } = useLingui();
  const problemText = useProblemText();
  const { draft, patch: set, dirty } = useDraft<CategoryDraft>(() => (row ? categoryDraftOf(row) : blankCategoryDraft()));
  const [tried, setTried] = useState(false);
  const [error, setError] = useState('');
  const problems = useMemo(() => (tried ? categoryProblems(draft) : {}), [draft, tried]);

  const save = async () => {
    setTried(true);
    setError('');
    if (Object.keys(categoryProblems(draft)).length) throw new Error('problems');
    try {
      await onSave(categorySaveBody(draft, row));
    } catch (failure) {
      setError(failure instanceof HttpError ? failure.msg : t`保存失败，请稍后重试`);
      throw failure;
    }
  };

  return (
    <FormShell open dirty={dirty} title={row ? <Trans>编辑角色类型</Trans> : <Trans>新增角色类型</Trans>} onCancel={onClose} onSave={save}>
      <Stack gap="4" data-testid="category-form">
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
          <FormField label={<Trans>类型编码</Trans>} required error={problemText(problems.code)} helper={<Trans>字母开头，字母、数字或下划线</Trans>}>
            <Input value={draft.code} maxLength={ROLE_LIMITS.codeMax} placeholder={t`请输入`} fontFamily="mono" onChange={(event) => set({ code: event.currentTarget.value })} data-testid="category-form-code" />
          </FormField>
          <FormField label={<Trans>类型名称</Trans>} required error={problemText(problems.name)}>
            <Input value={draft.name} maxLength={ROLE_LIMITS.nameMax} placeholder={t`请输入`} onChange={(event) => set({ name: event.currentTarget.value })} data-testid="category-form-name" />
          </FormField>
          <FormField label={<Trans>英文名称</Trans>} error={problemText(problems.nameEn)}>
            <Input value={draft.nameEn} maxLength={60} placeholder={t`请输入`} onChange={(event) => set({ nameEn: event.currentTarget.value })} data-testid="category-form-name-en" />
          </FormField>
          <FormField label={<Trans>排序</Trans>} error={problemText(problems.sort)}>
            <NumberInput value={draft.sort} min={0} max={ROLE_LIMITS.sortMax} onChange={(sort) => set({ sort })} aria-label={t`排序`} />
          </FormField>
        </SimpleGrid>
        <FormField label={<Trans>备注</Trans>} error={problemText(problems.remark)}>
          <Textarea value={draft.remark} maxLength={ROLE_LIMITS.remarkMax} rows={2} placeholder={t`请输入`} onChange={(event) => set({ remark: event.currentTarget.value })} data-testid="category-form-remark" />
        </FormField>
        {error && (
          <Text color="fg.error" role="alert" data-testid="category-form-error">
            {error}
          </Text>
        )}
      </Stack>
    </FormShell>
  );
}

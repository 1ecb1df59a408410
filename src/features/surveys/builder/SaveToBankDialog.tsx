import { Field, Input, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { SURVEY_LIMITS, type SurveyQuestion } from '../../../../contracts/survey-rules';
import { FormShell } from '../../../components/FormShell';
import { HttpError } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { KIND_LABELS } from '../labels';
import { refreshBank, saveBankQuestion } from '../manage-api';
import { copyQuestion, newUuid } from './question-ops';

/**
 * 存入题库 (jzwj_wjsz): a copy of the question (new ids, no skip rules: they belong to this
 * questionnaire) becomes a bank entry under a category.
 */
export default function SaveToBankDialog({ question, onClose }: { question: SurveyQuestion; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [category, setCategory] = useState('');
  const [error, setError] = useState('');
  const save = async () => {
    if (!question.title.trim()) {
      setError(t`请先输入题目标题`);
      throw new Error('title');
    }
    try {
      await saveBankQuestion({ version: 0, category: category.trim(), question: { ...copyQuestion(question, newUuid, false), title: question.title.trim() } });
    } catch (failure) {
      setError(failure instanceof HttpError ? failure.msg : t`保存失败，请稍后重试`);
      throw failure;
    }
    notify.success(t`已存入题库`);
    await refreshBank(queryClient);
    onClose();
  };
  return (
    <FormShell open variant="dialog" size="sm" title={<Trans>存入题库</Trans>} onCancel={onClose} onSave={save}>
      <Stack gap="3" data-testid="save-to-bank">
        <Text>
          {i18n._(KIND_LABELS[question.kind])}：{question.title || '—'}
        </Text>
        <Field.Root>
          <Field.Label>
            <Trans>分类（选填）</Trans>
          </Field.Label>
          <Input value={category} maxLength={SURVEY_LIMITS.bankCategoryMax} placeholder={t`如：满意度、基本信息`} onChange={(event) => setCategory(event.currentTarget.value)} data-testid="save-to-bank-category" />
        </Field.Root>
        {error && (
          <Text color="fg.error" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </FormShell>
  );
}

import { Field, Input, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import type { BankQuestionRow } from '../../../../contracts/surveys';
import { blankQuestion, QUESTION_KINDS, questionProblems, SURVEY_LIMITS, type QuestionKind, type SurveyQuestion } from '../../../../contracts/survey-rules';
import { FormShell } from '../../../components/FormShell';
import { ChoiceSelect } from '../../../components/selector/ChoiceSelect';
import { HttpError } from '../../../lib/http';
import { QuestionEditor } from '../builder/QuestionEditor';
import { newUuid, withKind } from '../builder/question-ops';
import { KIND_LABELS } from '../labels';

export interface BankQuestionDrawerProps {
  /** absent: a new question */
  row?: BankQuestionRow;
  onClose: () => void;
  onSave: (body: { version: number; category: string; question: SurveyQuestion }) => Promise<unknown>;
}

/**
 * The bank's add / edit drawer: kind (a new question), category and the builder's QuestionEditor
 * (no skip rules: they belong to a questionnaire). Problems show as typed once a save was tried; a
 * refused save keeps the drawer and shows the server's words.
 */
export default function BankQuestionDrawer({ row, onClose, onSave }: BankQuestionDrawerProps) {
  const { t, i18n } = useLingui();
  const [question, setQuestion] = useState<SurveyQuestion>(() => row?.question ?? blankQuestion(newUuid(), 'single', newUuid));
  const [category, setCategory] = useState(row?.category ?? '');
  const [tried, setTried] = useState(false);
  const [error, setError] = useState('');
  const problems = useMemo(() => questionProblems([question]), [question]);

  const save = async () => {
    setTried(true);
    setError('');
    if (problems.length) throw new Error('problems');
    try {
      await onSave({ version: row?.version ?? 0, category: category.trim(), question: { ...question, title: question.title.trim(), description: question.description.trim(), skips: [] } });
    } catch (failure) {
      setError(failure instanceof HttpError ? failure.msg : t`保存失败，请稍后重试`);
      throw failure;
    }
  };

  return (
    <FormShell open size="lg" title={row ? <Trans>编辑题目</Trans> : <Trans>新增题目</Trans>} onCancel={onClose} onSave={save}>
      <Stack gap="4" data-testid="bank-form">
        <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
          <Field.Root required width={{ base: 'full', sm: '44' }}>
            <Field.Label>
              <Trans>题型</Trans>
            </Field.Label>
            <ChoiceSelect
              value={question.kind}
              placeholder={false}
              disabled={Boolean(row)}
              testId="bank-form-kind"
              onChange={(kind) => setQuestion((current) => withKind(current, blankQuestion(current.id, kind as QuestionKind, newUuid)))}
              choices={QUESTION_KINDS.map((kind) => ({ value: kind, label: i18n._(KIND_LABELS[kind]) }))}
            />
          </Field.Root>
          <Field.Root flex="1">
            <Field.Label>
              <Trans>分类</Trans>
            </Field.Label>
            <Input value={category} maxLength={SURVEY_LIMITS.bankCategoryMax} placeholder={t`如：满意度、基本信息`} onChange={(event) => setCategory(event.currentTarget.value)} data-testid="bank-form-category" />
          </Field.Root>
        </Stack>
        <QuestionEditor question={question} onChange={setQuestion} problems={tried ? problems : problems.filter((p) => p.code !== 'title_missing' && p.code !== 'option_label_missing')} />
        {error && (
          <Text color="fg.error" role="alert" data-testid="bank-form-error">
            {error}
          </Text>
        )}
      </Stack>
    </FormShell>
  );
}

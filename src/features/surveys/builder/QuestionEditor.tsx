import { Box, Button, chakra, Field, HStack, IconButton, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { SKIP_TO_END, SURVEY_LIMITS, type QuestionProblem, type SurveyOption, type SurveyQuestion } from '../../../../contracts/survey-rules';
import { NumberInput } from '../../../components/form/NumberInput';
import { ChoiceSelect } from '../../../components/selector/ChoiceSelect';
import { CloseIcon } from '../../../components/icons';
import { questionProblemText } from '../labels';
import { addOption, moveOption, newUuid, removeOption, setOptionExclusive, setOptionLabel, setSkip, skipOf, skipTargets, type NewId } from './question-ops';

export interface QuestionEditorProps {
  question: SurveyQuestion;
  onChange: (question: SurveyQuestion) => void;
  /** the questionnaire's questions and this one's index: skip rules offer the later ones (absent: no skip logic, e.g. the bank) */
  questions?: readonly SurveyQuestion[];
  index?: number;
  /** questionProblems of this question, shown as typed */
  problems?: readonly QuestionProblem[];
  readOnly?: boolean;
  newId?: NewId;
}

const UpIcon = () => <chakra.span aria-hidden>↑</chakra.span>;
const DownIcon = () => <chakra.span aria-hidden>↓</chakra.span>;

/**
 * The inline editor of one question (the builder's cards, the bank's drawer): title, description,
 * required, and the kind's own settings (survey-rules.ts SurveyQuestion): options (add, remove,
 * reorder) with a skip rule each (single / multiple, when `questions` is given), matrix rows and
 * columns, min / max per kind, integer, multiline. Problems (questionProblems) show under it in words.
 */
export function QuestionEditor({ question, onChange, questions, index = 0, problems = [], readOnly, newId = newUuid }: QuestionEditorProps) {
  const { t, i18n } = useLingui();
  const q = question;
  const set = (patch: Partial<SurveyQuestion>) => onChange({ ...q, ...patch });
  const choice = q.kind === 'single' || q.kind === 'multiple';
  const targets = questions && choice ? skipTargets(questions, index) : null;
  const titleMissing = problems.some((p) => p.code === 'title_missing');
  const { ratingMaxMin: ratingMin, ratingMaxMax: ratingMax, picturesMax } = SURVEY_LIMITS;
  const jumpLabel = (n: number, title: string) => (title ? t`跳到第${n}题：${title}` : t`跳到第${n}题`);

  const optionList = (field: 'options' | 'rows', heading: string, addLabel: string, max: number) => {
    const list: SurveyOption[] = q[field];
    return (
      <Stack gap="2" data-testid={`question-${field}`}>
        <Text fontSize="sm" fontWeight="medium">
          {heading}
        </Text>
        {list.map((option, i) => {
          const position = i + 1;
          const labelText = t`${heading} ${position}`;
          return (
            <HStack key={option.id} gap="1" align="center" wrap={{ base: 'wrap', md: 'nowrap' }} data-testid={field === 'options' ? 'option-row' : 'row-row'}>
              <Input
                size="sm"
                flex="1"
                minW="40"
                value={option.label}
                maxLength={SURVEY_LIMITS.optionLabelMax}
                placeholder={t`请输入`}
                aria-label={labelText}
                readOnly={readOnly}
                data-testid={field === 'options' ? 'option-label' : 'row-label'}
                onChange={(event) => onChange(setOptionLabel(q, option.id, event.currentTarget.value, field))}
              />
              {q.kind === 'multiple' && field === 'options' && (
                <chakra.label display="inline-flex" alignItems="center" gap="1" fontSize="sm" minH="9" whiteSpace="nowrap" title={t`选中此项时不能再选其他选项（如“以上都没有”）`}>
                  <chakra.input
                    type="checkbox"
                    boxSize="4"
                    accentColor="var(--chakra-colors-brand-solid)"
                    checked={Boolean(option.exclusive)}
                    disabled={readOnly}
                    aria-label={t`“${labelText}”为排他选项`}
                    data-testid="option-exclusive"
                    onChange={(event) => onChange(setOptionExclusive(q, option.id, event.currentTarget.checked))}
                  />
                  <Trans>排他</Trans>
                </chakra.label>
              )}
              {targets && field === 'options' && (
                <Box minW="40" flex={{ base: '1', md: '0 0 auto' }}>
                  <ChoiceSelect
                    value={skipOf(q, option.id)}
                    onChange={(goTo) => onChange(setSkip(q, option.id, goTo || null))}
                    placeholder={t`不跳题`}
                    aria-label={t`选择“${labelText}”后跳到`}
                    testId="option-skip"
                    disabled={readOnly}
                    invalid={problems.some((p) => p.code === 'skip_target_invalid') && Boolean(skipOf(q, option.id))}
                    choices={[
                      // a rule that points where it may not (moved above) stays visible until changed
                      ...(skipOf(q, option.id) && !targets.some((target) => target.value === skipOf(q, option.id))
                        ? [{ value: skipOf(q, option.id), label: t`无效的跳转` }]
                        : []),
                      ...targets.map((target) =>
                        target.value === SKIP_TO_END
                          ? { value: target.value, label: t`结束问卷` }
                          : { value: target.value, label: jumpLabel(target.number ?? 0, target.title.trim()) },
                      ),
                    ]}
                  />
                </Box>
              )}
              {!readOnly && (
                <HStack gap="0">
                  <IconButton size="sm" variant="ghost" aria-label={t`上移 ${labelText}`} disabled={i === 0} onClick={() => onChange(moveOption(q, i, i - 1, field))}>
                    <UpIcon />
                  </IconButton>
                  <IconButton size="sm" variant="ghost" aria-label={t`下移 ${labelText}`} disabled={i === list.length - 1} onClick={() => onChange(moveOption(q, i, i + 1, field))}>
                    <DownIcon />
                  </IconButton>
                  <IconButton size="sm" variant="ghost" colorPalette="red" aria-label={t`删除 ${labelText}`} data-testid="option-remove" onClick={() => onChange(removeOption(q, option.id, field))}>
                    <CloseIcon />
                  </IconButton>
                </HStack>
              )}
            </HStack>
          );
        })}
        {!readOnly && (
          <Button size="sm" variant="outline" alignSelf="flex-start" disabled={list.length >= max} onClick={() => onChange(addOption(q, newId, field))} data-testid={field === 'options' ? 'option-add' : 'row-add'}>
            {addLabel}
          </Button>
        )}
      </Stack>
    );
  };

  const numberField = (label: string, value: number | null, onValue: (value: number | null) => void, min: number, max: number, testId: string, precision?: number) => (
    <Field.Root width={{ base: 'full', sm: '44' }}>
      <Field.Label fontSize="sm">{label}</Field.Label>
      <Box data-testid={testId}>
        <NumberInput value={value} onChange={onValue} min={min} max={max} precision={precision} strict={false} disabled={readOnly} aria-label={label} />
      </Box>
    </Field.Root>
  );

  return (
    <Stack gap="3">
      <Field.Root required invalid={titleMissing}>
        <Field.Label fontSize="sm">
          <Trans>题目</Trans>
        </Field.Label>
        <Input
          value={q.title}
          maxLength={SURVEY_LIMITS.questionTitleMax}
          placeholder={t`请输入题目`}
          readOnly={readOnly}
          data-testid="question-title"
          onChange={(event) => set({ title: event.currentTarget.value })}
        />
      </Field.Root>
      <Field.Root>
        <Field.Label fontSize="sm">
          <Trans>说明（选填）</Trans>
        </Field.Label>
        <Textarea
          rows={2}
          value={q.description}
          maxLength={SURVEY_LIMITS.questionDescriptionMax}
          readOnly={readOnly}
          data-testid="question-description"
          onChange={(event) => set({ description: event.currentTarget.value })}
        />
      </Field.Root>
      <chakra.label display="inline-flex" alignItems="center" gap="2" fontSize="sm" minH="9">
        <chakra.input
          type="checkbox"
          boxSize="4"
          accentColor="var(--chakra-colors-brand-solid)"
          checked={q.required}
          disabled={readOnly}
          data-testid="question-required"
          onChange={(event) => set({ required: event.currentTarget.checked })}
        />
        <Trans>必答</Trans>
      </chakra.label>

      {choice && optionList('options', t`选项`, t`添加选项`, SURVEY_LIMITS.optionsMax)}
      {targets && q.options.length > 0 && (
        <Text fontSize="xs" color="fg.muted">
          <Trans>跳题：选择某个选项后跳到后面的题目或结束问卷，中间的题目不显示也不必答。</Trans>
        </Text>
      )}
      {q.kind === 'multiple' && (
        <HStack gap="3" wrap="wrap">
          {numberField(t`最少选几项（空：不限）`, q.min, (min) => set({ min }), 1, SURVEY_LIMITS.optionsMax, 'question-min')}
          {numberField(t`最多选几项（空：不限）`, q.max, (max) => set({ max }), 1, SURVEY_LIMITS.optionsMax, 'question-max')}
        </HStack>
      )}
      {q.kind === 'matrix' && (
        <>
          {optionList('rows', t`行（陈述）`, t`添加行`, SURVEY_LIMITS.matrixRowsMax)}
          {optionList('options', t`列（选项）`, t`添加列`, SURVEY_LIMITS.optionsMax)}
        </>
      )}
      {q.kind === 'text' && (
        <HStack gap="3" wrap="wrap" align="flex-end">
          {numberField(t`最多字数`, q.max, (max) => set({ max }), 1, SURVEY_LIMITS.textMaxCeiling, 'question-max')}
          <chakra.label display="inline-flex" alignItems="center" gap="2" fontSize="sm" minH="10">
            <chakra.input type="checkbox" boxSize="4" checked={q.multiline} disabled={readOnly} onChange={(event) => set({ multiline: event.currentTarget.checked })} />
            <Trans>多行输入</Trans>
          </chakra.label>
        </HStack>
      )}
      {q.kind === 'rating' && numberField(t`满分（${ratingMin}～${ratingMax}星）`, q.max, (max) => set({ max: max ?? SURVEY_LIMITS.ratingMaxDefault }), SURVEY_LIMITS.ratingMaxMin, SURVEY_LIMITS.ratingMaxMax, 'question-max')}
      {q.kind === 'number' && (
        <HStack gap="3" wrap="wrap" align="flex-end">
          {numberField(t`最小值（空：不限）`, q.min, (min) => set({ min }), -SURVEY_LIMITS.numberAbsMax, SURVEY_LIMITS.numberAbsMax, 'question-min', 6)}
          {numberField(t`最大值（空：不限）`, q.max, (max) => set({ max }), -SURVEY_LIMITS.numberAbsMax, SURVEY_LIMITS.numberAbsMax, 'question-max', 6)}
          <chakra.label display="inline-flex" alignItems="center" gap="2" fontSize="sm" minH="10">
            <chakra.input type="checkbox" boxSize="4" checked={q.integer} disabled={readOnly} data-testid="question-integer" onChange={(event) => set({ integer: event.currentTarget.checked })} />
            <Trans>只能填整数</Trans>
          </chakra.label>
        </HStack>
      )}
      {q.kind === 'picture' && numberField(t`最多上传几张（1～${picturesMax}）`, q.max, (max) => set({ max: max ?? 1 }), 1, SURVEY_LIMITS.picturesMax, 'question-max')}
      {q.kind === 'date' && (
        <Text fontSize="sm" color="fg.muted">
          <Trans>填写人选择一个日期。</Trans>
        </Text>
      )}

      {problems.length > 0 && (
        <Stack gap="1" role="alert" data-testid="question-problems">
          {problems.map((problem, i) => (
            <Text key={`${problem.code}-${i}`} fontSize="sm" color="fg.error">
              {i18n._(questionProblemText(problem))}
            </Text>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

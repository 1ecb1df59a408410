import { Alert, Box, Button, chakra, Field, Flex, Heading, HStack, Input, Menu, Portal, Spinner, Stack, Text, Textarea } from '@chakra-ui/react';
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, TouchSensor, useSensor, useSensors, type Announcements, type DragEndEvent, type UniqueIdentifier } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useBlocker } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import type { SurveyDetail } from '../../../../contracts/surveys';
import {
  blankQuestion,
  QUESTION_KINDS,
  questionProblems,
  SURVEY_LIMITS,
  SURVEY_PERMISSIONS,
  type QuestionKind,
  type QuestionProblem,
  type SurveyQuestion,
} from '../../../../contracts/survey-rules';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useGrants } from '../../../components/Permission';
import { RequestError } from '../../../components/RequestError';
import { PeopleOrgRoleSelector } from '../../../components/selector/PeopleOrgRoleSelector';
import { HttpError } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { useSurveysCatalog } from '../catalog';
import { KIND_HINTS, KIND_ICONS, KIND_LABELS, numberedProblem, questionProblemText } from '../labels';
import { isNotFound, refreshSurveys, saveSurvey, surveyDetailQuery, surveyKeys } from '../manage-api';
import {
  blankDraft,
  draftOfDetail,
  dropDraft,
  keepDraft,
  markPreviewTrip,
  requestOfDraft,
  sameDraft,
  selectorValueOf,
  settingsProblems,
  storedDraft,
  takePreviewTrip,
  targetOfSelectorValue,
  type SurveyDraft,
} from './draft';
import { QuestionCard } from './QuestionCard';
import { duplicateQuestion, moveItem, newUuid, questionFromBank, removeQuestion } from './question-ops';
import { showTime } from './time';

const BankPickerDialog = lazy(() => import('./BankPickerDialog'));
const SaveToBankDialog = lazy(() => import('./SaveToBankDialog'));

export interface SurveyEditorProps {
  id: string;
  onBack: () => void;
  /** opens the preview (draft: the unsaved draft kept on the device) */
  onPreview: (id: string, draft: boolean) => void;
}

/**
 * 编辑问卷 /survey/cjwj/bjwj?id= (a page): the settings (title, description, times, audience, target
 * with the shared selector, anonymous / named, once per person / device) and the questions as
 * sortable cards with inline editors; insert from the question bank, save a question to it. What is
 * typed is kept on the device (draft.ts) and restored on return; a save sends the whole questionnaire
 * under its version (0: new); 40900 offers to keep what was typed or take the server's. Questions of a
 * published or answered questionnaire are read-only (the server's rule); the settings stay editable.
 */
export function SurveyEditor(props: SurveyEditorProps) {
  return useSurveysCatalog() ? <SurveyEditorBody key={props.id} {...props} /> : null;
}

function SurveyEditorBody({ id, onBack, onPreview }: SurveyEditorProps) {
  const detail = useQuery({ ...surveyDetailQuery(id), retry: false });
  const fresh = detail.isError && isNotFound(detail.error);
  if (detail.isPending) {
    return (
      <HStack p="6" color="fg.muted">
        <Spinner size="sm" />
        <Trans>加载中…</Trans>
      </HStack>
    );
  }
  if (detail.isError && !fresh) {
    return (
      <Stack gap="3">
        <RequestError error={detail.error} testId="survey-editor-error" />
        <Button alignSelf="flex-start" variant="outline" onClick={onBack}>
          <Trans>返回</Trans>
        </Button>
      </Stack>
    );
  }
  return <EditorForm id={id} detail={fresh ? undefined : detail.data} onBack={onBack} onPreview={onPreview} />;
}

type Conflict = { current: SurveyDetail | null };

function EditorForm({ id, detail, onBack, onPreview }: SurveyEditorProps & { detail: SurveyDetail | undefined }) {
  const { t, i18n } = useLingui();
  const grants = useGrants();
  const queryClient = useQueryClient();
  const [base, setBase] = useState<SurveyDraft>(() => (detail ? draftOfDetail(detail) : blankDraft(id)));
  const [restored, setRestored] = useState<number | null>(null);
  const [draft, setDraft] = useState<SurveyDraft>(() => {
    const kept = storedDraft(id);
    return kept && !sameDraft(kept.draft, base) ? kept.draft : base;
  });
  // the notice of a restored draft (once, when the page opens with one)
  useEffect(() => {
    const kept = storedDraft(id);
    // back from the preview the draft is simply still there; otherwise say it was restored
    if (!takePreviewTrip(id) && kept && !sameDraft(kept.draft, base)) setRestored(kept.at);
    // on opening only
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState('');
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [picking, setPicking] = useState<number | null>(null);
  const [toBank, setToBank] = useState<SurveyQuestion | null>(null);
  const [meta, setMeta] = useState<SurveyDetail | undefined>(detail);

  const dirty = !sameDraft(draft, base);
  // what is typed stays on the device until saved
  useEffect(() => {
    if (dirty) keepDraft(draft);
    else dropDraft(id);
  }, [draft, dirty, id]);

  const isNew = !meta;
  const canEdit = isNew ? grants.permissions.includes(SURVEY_PERMISSIONS.add) : meta.can.edit;
  const locked = Boolean(meta && (meta.published || meta.answerCount > 0));
  const questionsReadOnly = !canEdit || locked;
  const canBank = grants.permissions.includes(SURVEY_PERMISSIONS.bank);
  const canReadBank = canBank || grants.permissions.includes(SURVEY_PERMISSIONS.add) || grants.permissions.includes(SURVEY_PERMISSIONS.edit);

  const set = (patch: Partial<SurveyDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const setQuestions = useCallback((update: (questions: SurveyQuestion[]) => SurveyQuestion[]) => setDraft((current) => ({ ...current, questions: update(current.questions) })), []);
  const updateQuestion = useCallback((question: SurveyQuestion) => setQuestions((list) => list.map((q) => (q.id === question.id ? question : q))), [setQuestions]);
  const duplicate = useCallback((qid: string) => setQuestions((list) => (list.length >= SURVEY_LIMITS.questionsMax ? list : duplicateQuestion(list, qid, newUuid))), [setQuestions]);
  const remove = useCallback((qid: string) => setQuestions((list) => removeQuestion(list, qid)), [setQuestions]);
  const move = useCallback(
    (qid: string, delta: -1 | 1) =>
      setQuestions((list) => {
        const from = list.findIndex((q) => q.id === qid);
        return moveItem(list, from, from + delta);
      }),
    [setQuestions],
  );
  const addQuestion = (kind: QuestionKind) => {
    const question = blankQuestion(newUuid(), kind, newUuid);
    setQuestions((list) => [...list, question]);
    // the new card's title gets the focus
    requestAnimationFrame(() => document.querySelector<HTMLInputElement>(`[data-id="${question.id}"] [data-testid="question-title"]`)?.focus());
  };

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    setQuestions((list) => moveItem(list, list.findIndex((q) => q.id === active.id), list.findIndex((q) => q.id === over.id)));
  };
  const ids = useMemo(() => draft.questions.map((q) => q.id), [draft.questions]);
  // what a screen reader hears while a question is dragged (dnd-kit's are English)
  const numberOf = (qid: UniqueIdentifier | undefined) => ids.indexOf(String(qid)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      const n = numberOf(active.id);
      return t`已拿起第${n}题`;
    },
    onDragOver: ({ over }) => {
      const n = numberOf(over?.id);
      return over ? t`移到第${n}题的位置` : undefined;
    },
    onDragEnd: ({ over }) => {
      const n = numberOf(over?.id);
      return over ? t`已放到第${n}题的位置` : t`已放下，顺序未变`;
    },
    onDragCancel: () => t`已取消拖动，顺序未变`,
  };

  const problems = useMemo(() => questionProblems(draft.questions), [draft.questions]);
  const problemsOf = useMemo(() => {
    const map = new Map<number, QuestionProblem[]>();
    for (const problem of problems) map.set(problem.index, [...(map.get(problem.index) ?? []), problem]);
    return map;
  }, [problems]);
  const settings = settingsProblems(draft);
  const settingsText = {
    title_missing: t`请输入问卷标题`,
    time_missing: t`请选择开始时间和结束时间`,
    end_before_start: t`开始时间应早于结束时间`,
    target_empty: t`请选择问卷的填写对象`,
  } as const;

  // leaving with unsaved changes asks (the preview keeps the draft on the device: no question)
  const blocker = useBlocker({
    shouldBlockFn: ({ next }) => dirty && !saving && next.pathname !== '/survey/cjwj/perviewWJ',
    enableBeforeUnload: () => dirty,
    withResolver: true,
  });

  const accept = (saved: SurveyDetail) => {
    const next = draftOfDetail(saved);
    setMeta(saved);
    setBase(next);
    setDraft(next);
    setConflict(null);
    setRestored(null);
    dropDraft(id);
  };

  const save = async () => {
    setTried(true);
    setServerError('');
    if (Object.keys(settings).length > 0 || (!questionsReadOnly && problems.length > 0)) {
      setServerError(t`请先修改标出的问题再保存`);
      return;
    }
    setSaving(true);
    try {
      const saved = await saveSurvey(requestOfDraft(draft));
      queryClient.setQueryData(surveyKeys.detail(id), saved);
      accept(saved);
      await refreshSurveys(queryClient);
      notify.success(t`保存成功`);
    } catch (error) {
      if (error instanceof HttpError && error.code === 40900) {
        const current = error.data && typeof error.data === 'object' && 'questions' in error.data ? (error.data as SurveyDetail) : null;
        setConflict({ current });
      } else if (error instanceof HttpError) setServerError(error.msg || t`保存失败，请稍后重试`);
      else setServerError(t`保存失败，请稍后重试`);
    } finally {
      setSaving(false);
    }
  };

  /** 40900: keep what I typed on top of the current version (the next save overwrites) */
  const keepMine = async () => {
    const current = conflict?.current ?? (await queryClient.fetchQuery({ ...surveyDetailQuery(id), staleTime: 0 }).catch(() => null));
    if (!current) return;
    setMeta(current);
    setBase(draftOfDetail(current));
    setDraft((mine) => ({ ...mine, version: current.version, questions: current.published || current.answerCount > 0 ? current.questions : mine.questions }));
    setConflict(null);
  };
  /** 40900: take the server's version (what I typed is dropped) */
  const takeServers = async () => {
    const current = conflict?.current ?? (await queryClient.fetchQuery({ ...surveyDetailQuery(id), staleTime: 0 }).catch(() => null));
    if (!current) return;
    queryClient.setQueryData(surveyKeys.detail(id), current);
    accept(current);
  };

  const preview = () => {
    // the preview reads what is typed from the device (a new questionnaire is not on the server yet)
    if (dirty || isNew) keepDraft(draft);
    markPreviewTrip(id);
    onPreview(id, dirty || isNew);
  };

  const insertFromBank = (picked: SurveyQuestion[]) => {
    setQuestions((list) => [...list, ...picked.map((q) => questionFromBank(q, newUuid))].slice(0, SURVEY_LIMITS.questionsMax));
    setPicking(null);
    const count = picked.length;
    notify.success(t`已插入 ${count} 道题`);
  };

  const targetValue = selectorValueOf(draft.target);
  const questionCount = draft.questions.length;
  const restoredAt = restored ? showTime(new Date(restored).toISOString()) : '';

  return (
    <Stack gap="4" maxW="5xl" data-testid="survey-editor">
      <Flex gap="3" align="center" wrap="wrap">
        <Heading as="h1" size="lg" flex="1" minW="40">
          {isNew ? <Trans>新建问卷</Trans> : <Trans>编辑问卷</Trans>}
        </Heading>
        <HStack gap="2" wrap="wrap">
          <Button variant="outline" onClick={onBack}>
            <Trans>返回</Trans>
          </Button>
          <Button variant="outline" onClick={preview} data-testid="survey-preview">
            <Trans>预览</Trans>
          </Button>
          {canEdit && (
            <Button colorPalette="brand" loading={saving} onClick={() => void save()} data-testid="survey-save">
              <Trans>保存</Trans>
            </Button>
          )}
        </HStack>
      </Flex>

      {restored !== null && (
        <Alert.Root status="info" data-testid="draft-restored">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>
              <Trans>已恢复 {restoredAt} 在本机保存的未提交修改</Trans>
            </Alert.Title>
          </Alert.Content>
          <Button
            size="sm"
            variant="outline"
            onClick={() => {
              setDraft(base);
              setRestored(null);
              dropDraft(id);
            }}
          >
            <Trans>放弃这些修改</Trans>
          </Button>
        </Alert.Root>
      )}
      {!canEdit && (
        <Alert.Root status="warning" data-testid="survey-readonly">
          <Alert.Indicator />
          <Alert.Title>{isNew ? <Trans>没有新建问卷的权限，请联系管理员</Trans> : <Trans>不能修改他人创建的问卷</Trans>}</Alert.Title>
        </Alert.Root>
      )}
      {conflict && (
        <Alert.Root status="warning" data-testid="survey-conflict">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>
              <Trans>问卷已被他人修改。您输入的内容仍在这里，请选择：</Trans>
            </Alert.Title>
            <HStack gap="2" mt="2" wrap="wrap">
              <Button size="sm" colorPalette="brand" onClick={() => void keepMine()} data-testid="conflict-keep-mine">
                <Trans>保留我的修改（再次保存将覆盖）</Trans>
              </Button>
              <Button size="sm" variant="outline" onClick={() => void takeServers()} data-testid="conflict-take-server">
                <Trans>载入最新内容（放弃我的修改）</Trans>
              </Button>
            </HStack>
          </Alert.Content>
        </Alert.Root>
      )}
      {serverError && (
        <Alert.Root status="error" data-testid="survey-save-error">
          <Alert.Indicator />
          <Alert.Title>{serverError}</Alert.Title>
        </Alert.Root>
      )}

      <Box as="section" bg="bg.panel" borderWidth="1px" borderRadius="l2" p={{ base: '3', md: '5' }} aria-labelledby="survey-settings-title">
        <Heading as="h2" size="md" mb="4" id="survey-settings-title">
          <Trans>问卷设置</Trans>
        </Heading>
        <Stack gap="4">
          <Field.Root required invalid={tried && Boolean(settings.title)}>
            <Field.Label>
              <Trans>问卷标题</Trans>
            </Field.Label>
            <Input value={draft.title} maxLength={SURVEY_LIMITS.titleMax} placeholder={t`请输入`} readOnly={!canEdit} data-testid="survey-title" onChange={(event) => set({ title: event.currentTarget.value })} />
            {tried && settings.title && <Field.ErrorText>{settingsText[settings.title]}</Field.ErrorText>}
          </Field.Root>
          <Field.Root>
            <Field.Label>
              <Trans>问卷说明</Trans>
            </Field.Label>
            <Textarea rows={3} value={draft.description} maxLength={SURVEY_LIMITS.descriptionMax} readOnly={!canEdit} data-testid="survey-description" onChange={(event) => set({ description: event.currentTarget.value })} />
          </Field.Root>
          <Field.Root required invalid={Boolean(settings.time) && (tried || settings.time === 'end_before_start')}>
            <Field.Label>
              <Trans>开始时间 ~ 结束时间</Trans>
            </Field.Label>
            <Flex gap="2" wrap="wrap" align="center" width="full">
              <Input type="datetime-local" flex="1" minW="52" value={draft.startsAt} readOnly={!canEdit} aria-label={t`开始时间`} data-testid="survey-starts" onChange={(event) => set({ startsAt: event.currentTarget.value })} />
              <Text color="fg.muted">~</Text>
              <Input type="datetime-local" flex="1" minW="52" value={draft.endsAt} min={draft.startsAt || undefined} readOnly={!canEdit} aria-label={t`结束时间`} data-testid="survey-ends" onChange={(event) => set({ endsAt: event.currentTarget.value })} />
            </Flex>
            {settings.time && (tried || settings.time === 'end_before_start') && <Field.ErrorText>{settingsText[settings.time]}</Field.ErrorText>}
          </Field.Root>

          <Field.Root>
            <Field.Label>
              <Trans>填写对象</Trans>
            </Field.Label>
            <RadioRow
              name="audience"
              value={draft.audience}
              disabled={!canEdit || locked}
              onChange={(audience) => set({ audience, oncePer: audience === 'targeted' ? 'person' : draft.oncePer })}
              choices={[
                { value: 'everyone', label: t`所有人（公开链接，无需登录也可填写）` },
                { value: 'targeted', label: t`指定对象（登录后填写）` },
              ]}
            />
          </Field.Root>
          <Field.Root required={draft.audience === 'targeted'} invalid={tried && Boolean(settings.target)}>
            <Field.Label>{draft.audience === 'targeted' ? <Trans>指定人员、组织或角色</Trans> : <Trans>通知对象（选填）</Trans>}</Field.Label>
            <Box width="full" data-testid="survey-target">
              <PeopleOrgRoleSelector
                value={targetValue}
                onChange={(value) => set({ target: targetOfSelectorValue(value) })}
                limit={SURVEY_LIMITS.targetMax}
                collapseTags={8}
                disabled={!canEdit}
                aria-label={t`填写对象`}
                placeholder={t`请选择`}
              />
            </Box>
            <Field.HelperText>
              {draft.audience === 'targeted' ? (
                <Trans>只有所选人员、所选组织（含下级）或角色中的人可以填写；发布时他们会收到通知。</Trans>
              ) : (
                <Trans>可不选：所有人都能通过链接填写。选择的人员、组织或角色会在发布时收到通知消息。</Trans>
              )}
            </Field.HelperText>
            {tried && settings.target && <Field.ErrorText>{settingsText[settings.target]}</Field.ErrorText>}
          </Field.Root>

          <Flex gap="6" wrap="wrap">
            <Field.Root width="auto">
              <Field.Label>
                <Trans>填写方式</Trans>
              </Field.Label>
              <RadioRow
                name="anonymous"
                value={draft.anonymous ? 'anonymous' : 'named'}
                disabled={!canEdit || locked}
                onChange={(value) => set({ anonymous: value === 'anonymous' })}
                choices={[
                  { value: 'named', label: t`实名` },
                  { value: 'anonymous', label: t`匿名` },
                ]}
              />
            </Field.Root>
            <Field.Root width="auto">
              <Field.Label>
                <Trans>提交次数</Trans>
              </Field.Label>
              <RadioRow
                name="oncePer"
                value={draft.audience === 'targeted' ? 'person' : draft.oncePer}
                disabled={!canEdit || locked}
                onChange={(oncePer) => set({ oncePer })}
                choices={[
                  { value: 'person', label: t`每人一次（需登录）` },
                  { value: 'device', label: t`每台设备一次（无需登录）`, disabled: draft.audience === 'targeted' },
                ]}
              />
            </Field.Root>
          </Flex>
          <Text fontSize="sm" color="fg.muted" data-testid="once-per-hint">
            {draft.audience === 'targeted' ? (
              <Trans>指定对象的问卷需要登录填写，按人计一次；“每台设备一次”只适用于所有人可填的问卷。</Trans>
            ) : draft.oncePer === 'device' ? (
              <Trans>每台设备一次：家长等无需登录，打开链接即可填写，同一设备只能提交一次。</Trans>
            ) : (
              <Trans>每人一次：填写人需登录学校账号，每个账号只能提交一次。</Trans>
            )}
          </Text>
        </Stack>
      </Box>

      <Box as="section" aria-labelledby="survey-questions-title">
        <Flex gap="2" align="center" wrap="wrap" mb="3">
          <Heading as="h2" size="md" flex="1" id="survey-questions-title">
            <Trans>题目（{questionCount}）</Trans>
          </Heading>
          {!questionsReadOnly && (
            <HStack gap="2" wrap="wrap">
              {canReadBank && (
                <Button variant="outline" size="sm" onClick={() => setPicking(Date.now())} data-testid="bank-insert">
                  <Trans>从题库插入</Trans>
                </Button>
              )}
              <AddQuestionMenu onAdd={addQuestion} disabled={draft.questions.length >= SURVEY_LIMITS.questionsMax} />
            </HStack>
          )}
        </Flex>
        {locked && (
          <Alert.Root status="info" mb="3" data-testid="questions-locked">
            <Alert.Indicator />
            <Alert.Title>
              <Trans>问卷已发布或已有答卷，不能修改题目；请先取消发布（已有答卷的问卷可复制后修改）。标题、说明和时间仍可修改。</Trans>
            </Alert.Title>
          </Alert.Root>
        )}
        {!questionsReadOnly && problems.length > 0 && (
          <Text fontSize="sm" color="fg.error" mb="2" data-testid="questions-problems-summary">
            {problems
              .slice(0, 3)
              .map((problem) => i18n._(numberedProblem(problem.index + 1, i18n._(questionProblemText(problem)))))
              .join('；')}
            {problems.length > 3 ? '…' : ''}
          </Text>
        )}
        {draft.questions.length === 0 ? (
          <Box borderWidth="1px" borderStyle="dashed" borderRadius="l2" p="8" textAlign="center" color="fg.muted" data-testid="questions-empty">
            <Trans>还没有题目，请点击“添加题目”或从题库插入。</Trans>
          </Box>
        ) : (
          <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ screenReaderInstructions: { draggable: t`按空格键拿起题目，用上下方向键移动，再按空格键放下，按 Esc 取消。` }, announcements }}>
            <SortableContext items={ids} strategy={verticalListSortingStrategy}>
              <Stack gap="3" data-testid="questions">
                {draft.questions.map((question, index) => (
                  <QuestionCard
                    key={question.id}
                    question={question}
                    index={index}
                    questions={draft.questions}
                    problems={problemsOf.get(index) ?? []}
                    readOnly={questionsReadOnly}
                    onChange={updateQuestion}
                    onDuplicate={duplicate}
                    onRemove={remove}
                    onMove={move}
                    onSaveToBank={canBank ? setToBank : undefined}
                  />
                ))}
              </Stack>
            </SortableContext>
          </DndContext>
        )}
        {!questionsReadOnly && draft.questions.length > 0 && (
          <Flex justify="center" mt="3">
            <AddQuestionMenu onAdd={addQuestion} disabled={draft.questions.length >= SURVEY_LIMITS.questionsMax} />
          </Flex>
        )}
      </Box>

      <ConfirmDialog
        open={blocker.status === 'blocked'}
        title={<Trans>离开此页</Trans>}
        onCancel={() => blocker.reset?.()}
        onConfirm={() => {
          dropDraft(id);
          blocker.proceed?.();
        }}
        confirmLabel={<Trans>离开</Trans>}
      >
        <Trans>有未保存的修改，离开后这些修改将丢失。确定离开吗？</Trans>
      </ConfirmDialog>
      <Suspense fallback={null}>
        {picking !== null && <BankPickerDialog key={picking} onClose={() => setPicking(null)} onInsert={insertFromBank} room={SURVEY_LIMITS.questionsMax - draft.questions.length} />}
        {toBank && <SaveToBankDialog question={toBank} onClose={() => setToBank(null)} />}
      </Suspense>
    </Stack>
  );
}

function RadioRow<V extends string>({ name, value, choices, onChange, disabled }: { name: string; value: V; choices: { value: V; label: string; disabled?: boolean }[]; onChange: (value: V) => void; disabled?: boolean }) {
  return (
    <Flex gap="4" wrap="wrap" role="radiogroup">
      {choices.map((choice) => (
        <chakra.label key={choice.value} display="inline-flex" alignItems="center" gap="2" minH="9" fontSize="sm" opacity={choice.disabled ? 0.5 : undefined}>
          <chakra.input
            type="radio"
            name={name}
            boxSize="4"
            accentColor="var(--chakra-colors-brand-solid)"
            value={choice.value}
            checked={value === choice.value}
            disabled={disabled || choice.disabled}
            data-testid={`${name}-${choice.value}`}
            onChange={() => onChange(choice.value)}
          />
          {choice.label}
        </chakra.label>
      ))}
    </Flex>
  );
}

function AddQuestionMenu({ onAdd, disabled }: { onAdd: (kind: QuestionKind) => void; disabled?: boolean }) {
  const { i18n } = useLingui();
  return (
    <Menu.Root onSelect={(details) => onAdd(details.value as QuestionKind)}>
      <Menu.Trigger asChild>
        <Button size="sm" colorPalette="brand" disabled={disabled} data-testid="question-add">
          <Trans>添加题目</Trans>
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="56" data-testid="question-add-menu">
            {QUESTION_KINDS.map((kind) => {
              const Icon = KIND_ICONS[kind];
              return (
                <Menu.Item key={kind} value={kind} data-testid={`add-${kind}`} minH="10">
                  <Icon boxSize="4" color="brand.solid" />
                  <Box flex="1">
                    <Text>{i18n._(KIND_LABELS[kind])}</Text>
                    <Text fontSize="xs" color="fg.muted">
                      {i18n._(KIND_HINTS[kind])}
                    </Text>
                  </Box>
                </Menu.Item>
              );
            })}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

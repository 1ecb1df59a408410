import { Alert, Badge, Box, Button, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { MineRow, SurveyAnswerRequest, SurveyForAnswer } from '../../../../contracts/surveys';
import { SURVEY_URLS } from '../../../../contracts/survey-urls';
import { timeStateOf, type AnswerProblem, type AnswerValues, type RefusalReason } from '../../../../contracts/survey-rules';
import { useConnectivity } from '../../../components/offline/useConnectivity';
import { RequestError } from '../../../components/RequestError';
import { tableKeys, type TablePage } from '../../../components/table/table-query';
import { filePreviewQuery } from '../../../components/upload/useFilePreviewUrl';
import { HttpError } from '../../../lib/http';
import { discardEntry, enqueue, useOutboxEntries, type OutboxEntry } from '../../../lib/offline/outbox';
import { refusalReasonOf, surveyOpenQuery, uploadSurveyPicture } from '../answer-api';
import { SurveyForm, type SurveyPictures } from '../answer/SurveyForm';
import { formatSchoolTime, refusalText } from '../answer/problem-messages';
import { answerEntityKey, answerSurveyKind } from '../outbox-kind';
import { dropPicture, isLocalToken, keepPicture, openDraft, pictureBlob, saveDraft, type AnswerDraft } from './draft';
import { isAlreadySubmitted, knownSurveyTitles } from './known';

/** Why the form is not shown offline from the kept questionnaire's times (the server says the same online). */
function closedReason(survey: SurveyForAnswer, now = new Date()): RefusalReason | null {
  if (!survey.questions.length) return 'no_questions';
  const state = timeStateOf(survey.startsAt, survey.endsAt, now);
  return state === 'not_started' ? 'not_started' : state === 'expired' ? 'expired' : null;
}

/**
 * Pictures of picture questions: online they are uploaded with the session at once (/file/upload,
 * profile surveyPicture); offline (or when the upload cannot reach the server) they are kept on the
 * device as `local:` tokens, uploaded by the outbox just before the answer is sent (outbox-kind prepare).
 */
function usePictures(online: boolean, owner: { questionnaireId: string; answerId: string } | null): SurveyPictures {
  const queryClient = useQueryClient();
  const [urls, setUrls] = useState<ReadonlyMap<string, string>>(() => new Map());
  const loading = useRef(new Set<string>());
  const remember = useCallback((token: string, blob: Blob) => {
    setUrls((before) => new Map(before).set(token, URL.createObjectURL(blob)));
  }, []);
  useEffect(() => () => urls.forEach((url) => URL.revokeObjectURL(url)), [urls]);
  const pictures = useMemo<SurveyPictures>(
    () => ({
      async add(_questionId, file) {
        if (!owner) throw new Error('draft not open');
        let token: string;
        if (online) {
          try {
            token = await uploadSurveyPicture(file, owner.questionnaireId, owner.answerId);
          } catch (error) {
            // refused (type, size): the server's words; unreachable: kept on the device
            if (error instanceof HttpError && error.kind === 'failure') throw new Error(error.msg, { cause: error });
            token = await keepPicture(file, owner.questionnaireId, owner.answerId);
          }
        } else {
          token = await keepPicture(file, owner.questionnaireId, owner.answerId);
        }
        remember(token, file);
        return token;
      },
      urlOf(token) {
        const url = urls.get(token);
        if (url) return url;
        if (!loading.current.has(token)) {
          loading.current.add(token);
          const blob = isLocalToken(token) ? pictureBlob(token) : queryClient.fetchQuery(filePreviewQuery(token)).catch(() => undefined);
          void blob.then((found) => {
            if (found) remember(token, found);
          });
        }
        return '';
      },
      remove(token) {
        if (isLocalToken(token)) void dropPicture(token);
      },
    }),
    [online, owner, queryClient, remember, urls],
  );
  return pictures;
}

/** A queued answer's state line (待同步 / conflict / failed) for this questionnaire. */
function QueuedState({ entry, onResubmit }: { entry: OutboxEntry<SurveyAnswerRequest>; onResubmit: () => void }) {
  if (entry.state === 'conflict') {
    const server = isAlreadySubmitted(entry.serverData) ? entry.serverData : null;
    const time = server ? formatSchoolTime(server.submittedAt) : '';
    return (
      <Alert.Root status="warning" data-testid="survey-answer-conflict-state">
        <Alert.Indicator />
        <Alert.Title>
          {server ? <Trans>该问卷已在其他设备或页面提交（{time}），本次填写未提交。可在待同步面板中处理。</Trans> : <Trans>该问卷已提交过，本次填写未提交。</Trans>}
        </Alert.Title>
      </Alert.Root>
    );
  }
  if (entry.state === 'failed') {
    // the server's words (already in the user's language); the answer is corrected here, not in the panel
    const message = entry.lastError?.msg ?? '';
    return (
      <Alert.Root status="error" data-testid="survey-answer-failed">
        <Alert.Indicator />
        <Alert.Content gap="2">
          <Alert.Title>
            <Trans>提交未被接受：{message}</Trans>
          </Alert.Title>
          <Button size="sm" alignSelf="flex-start" onClick={onResubmit} data-testid="survey-answer-resubmit">
            <Trans>修改后重新提交</Trans>
          </Button>
        </Alert.Content>
      </Alert.Root>
    );
  }
  return (
    <HStack gap="2" data-testid="survey-answer-pending">
      <Badge colorPalette="orange" size="lg">
        <Trans>待同步</Trans>
      </Badge>
      <Text fontSize="sm" color="fg.muted">
        <Trans>答卷已保存在本设备，联网后自动提交。</Trans>
      </Text>
    </HStack>
  );
}

/** The problems a 40000 refusal carried (lastError.data.problems), for the form to show under their questions. */
function refusedProblems(data: unknown): AnswerProblem[] {
  const problems = (data as { problems?: unknown } | null | undefined)?.problems;
  return Array.isArray(problems) ? (problems as AnswerProblem[]) : [];
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The questionnaire's row in a list page read before (the cached pages of 问卷填报), if any. */
function listedRow(queryClient: QueryClient, id: string): MineRow | undefined {
  for (const [, page] of queryClient.getQueriesData<TablePage<MineRow>>({ queryKey: tableKeys.url(SURVEY_URLS.mine) })) {
    const row = page?.rows.find((candidate) => candidate.id === id);
    if (row) return row;
  }
  return undefined;
}

export interface AnswerViewProps {
  id: string;
  onBack: () => void;
}

/**
 * One questionnaire to answer inside the app (问卷填报 ?id=): the shared SurveyForm in mode 'answer'.
 * The answer id is made when the view first opens and kept with the draft (a reload continues the same
 * id); submitting queues the answer in the outbox (待同步 at once, 已提交 when delivered). Refusals
 * (SPEC §8) in the answer form's own words, offline too.
 */
export function AnswerView({ id, onBack }: AnswerViewProps) {
  const queryClient = useQueryClient();
  const open = useQuery(surveyOpenQuery(id));
  const survey = open.data;
  const entries = useOutboxEntries({ entityKey: answerEntityKey(id) }) as OutboxEntry<SurveyAnswerRequest>[];
  const queued = entries.find((entry) => entry.kind === answerSurveyKind.kind);
  const online = useConnectivity() === 'online';
  const [draft, setDraft] = useState<AnswerDraft | null>(null);
  const answerId = draft?.answerId;
  const owner = useMemo(() => (answerId ? { questionnaireId: id, answerId } : null), [id, answerId]);
  const pictures = usePictures(online, owner);
  const [busy, setBusy] = useState(false);
  // a refused answer taken back to correct it: the server's words and problems until the next submit
  const [refused, setRefused] = useState<{ msg: string; problems: AnswerProblem[] } | null>(null);

  useEffect(() => {
    let live = true;
    void openDraft(id).then((found) => {
      if (live) setDraft(found);
    });
    return () => {
      live = false;
    };
  }, [id]);

  useEffect(() => {
    if (survey) knownSurveyTitles.set(survey.id, survey.title);
  }, [survey]);

  const onChange = (values: AnswerValues) => {
    if (!draft) return;
    const next = { ...draft, values };
    setDraft(next);
    // a question changed since the refusal: the server's problem with it no longer applies
    if (refused?.problems.length && survey) {
      const idOf = (index: number) => survey.questions[index]?.id ?? '';
      const kept = refused.problems.filter((problem) => !('index' in problem) || sameValue(values[idOf(problem.index)], draft.values[idOf(problem.index)]));
      if (kept.length !== refused.problems.length) setRefused({ ...refused, problems: kept });
    }
    void saveDraft(id, next);
  };

  // pictures kept on the device go up just before the answer is sent (the outbox kind's prepare), so
  // submitting always queues: offline, and online too (one path)
  const submit = async (clean: AnswerValues) => {
    if (!draft || !survey) return;
    setBusy(true);
    setRefused(null);
    try {
      await saveDraft(id, { ...draft, values: { ...draft.values, ...clean } }, true);
      await enqueue(answerSurveyKind, {
        entityKey: answerEntityKey(id),
        payload: { questionnaireId: id, answerId: draft.answerId, values: clean },
      });
    } finally {
      setBusy(false);
    }
  };

  // 修改后重新提交: the refused entry goes without the panel's 'discard?' (the answer stays in the draft,
  // which took the uploaded pictures' ids), the form opens with the server's problems under their questions
  const resubmit = async (entry: OutboxEntry<SurveyAnswerRequest>) => {
    const problems = refusedProblems(entry.lastError?.data);
    await discardEntry(entry.opId);
    const fresh = await openDraft(id);
    setDraft(fresh);
    setRefused({ msg: entry.lastError?.msg ?? '', problems });
  };

  const back = (
    <Button variant="outline" size="sm" alignSelf="flex-start" onClick={onBack} data-testid="survey-answer-back">
      <Trans>返回列表</Trans>
    </Button>
  );

  if (open.isPending) {
    return (
      <Stack gap="3">
        {back}
        <Skeleton h="8" />
        <Skeleton h="40" />
      </Stack>
    );
  }
  if (!survey) {
    const reason = refusalReasonOf(open.error);
    // the list row read before names the questionnaire and its times (not started / expired say when)
    const row = listedRow(queryClient, id);
    return (
      <Stack gap="3">
        {back}
        {row && (
          <Heading as="h1" size="lg">
            {row.title}
          </Heading>
        )}
        {reason ? (
          <Alert.Root status="warning" data-testid="survey-refusal" data-reason={reason}>
            <Alert.Indicator />
            <Alert.Title>{refusalText(reason, row ? { startsAt: row.startsAt, endsAt: row.endsAt } : {})}</Alert.Title>
          </Alert.Root>
        ) : open.error instanceof HttpError && open.error.kind === 'network' ? (
          <Alert.Root status="info" data-testid="survey-offline-unread">
            <Alert.Indicator />
            <Alert.Title>
              <Trans>该问卷还没有保存在本设备上，请联网后打开。</Trans>
            </Alert.Title>
          </Alert.Root>
        ) : (
          <RequestError error={open.error} testId="survey-open-error" />
        )}
      </Stack>
    );
  }

  const answered = survey.answered;
  const closed = answered || queued ? null : closedReason(survey);
  const values = queued ? queued.payload.values : (draft?.values ?? {});
  // answered: the form shows what this device sent (its draft), else only the line above
  const showForm = answered ? Boolean(queued || draft?.answerId === answered.answerId) : Boolean(draft || queued);
  const answeredAt = answered ? formatSchoolTime(answered.submittedAt) : '';
  const refusedMsg = refused?.msg ?? '';

  return (
    <Stack gap="3" data-testid="survey-answer-view">
      {back}
      {answered ? (
        <HStack gap="2" data-testid="survey-answered">
          <Badge colorPalette="green" size="lg">
            <Trans>已提交</Trans>
          </Badge>
          <Text fontSize="sm" color="fg.muted">
            <Trans>您已于 {answeredAt} 提交此问卷，感谢参与。</Trans>
          </Text>
        </HStack>
      ) : queued ? (
        <QueuedState entry={queued} onResubmit={() => void resubmit(queued)} />
      ) : closed ? (
        <Alert.Root status="warning" data-testid="survey-refusal" data-reason={closed}>
          <Alert.Indicator />
          <Alert.Title>{refusalText(closed, { startsAt: survey.startsAt, endsAt: survey.endsAt })}</Alert.Title>
        </Alert.Root>
      ) : refused ? (
        <Alert.Root status="warning" data-testid="survey-answer-refused">
          <Alert.Indicator />
          <Alert.Title>
            <Trans>上次提交未被接受：{refusedMsg}。请修改后重新提交。</Trans>
          </Alert.Title>
        </Alert.Root>
      ) : null}
      <Box maxW="3xl" w="full">
        {showForm ? (
          <SurveyForm
            survey={survey}
            values={values}
            onChange={onChange}
            onSubmit={submit}
            mode="answer"
            disabled={Boolean(answered || queued || closed)}
            busy={busy}
            pictures={pictures}
            problems={refused?.problems}
            notice={!online ? <Trans>当前离线：提交后答卷保存在本设备，联网后自动提交。</Trans> : undefined}
            testId="survey-answer-form"
          />
        ) : answered ? null : (
          <Skeleton h="40" />
        )}
      </Box>
    </Stack>
  );
}

import { Alert, Badge, Box, Button, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { MineRow, SurveyAnswerRequest, SurveyForAnswer } from '../../../../contracts/surveys';
import { SURVEY_URLS } from '../../../../contracts/survey-urls';
import { timeStateOf, type AnswerValues, type RefusalReason } from '../../../../contracts/survey-rules';
import { useConnectivity } from '../../../components/offline/useConnectivity';
import { RequestError } from '../../../components/RequestError';
import { tableKeys, type TablePage } from '../../../components/table/table-query';
import { filePreviewQuery } from '../../../components/upload/useFilePreviewUrl';
import { HttpError } from '../../../lib/http';
import { enqueue, useOutboxEntries, type OutboxEntry } from '../../../lib/offline/outbox';
import { refusalReasonOf, surveyOpenQuery, uploadSurveyPicture } from '../answer-api';
import { SurveyForm, type SurveyPictures } from '../answer/SurveyForm';
import { formatSchoolTime, refusalText } from '../answer/problem-messages';
import { answerEntityKey, answerSurveyKind } from '../outbox-kind';
import { dropPicture, isLocalToken, keepPicture, keptFile, localPictureTokens, openDraft, pictureBlob, saveDraft, type AnswerDraft } from './draft';
import { isAlreadySubmitted, knownSurveyTitles } from './known';
import { replaceTokens } from './pictures';

/** Why the form is not shown offline from the kept questionnaire's times (the server says the same online). */
function closedReason(survey: SurveyForAnswer, now = new Date()): RefusalReason | null {
  if (!survey.questions.length) return 'no_questions';
  const state = timeStateOf(survey.startsAt, survey.endsAt, now);
  return state === 'not_started' ? 'not_started' : state === 'expired' ? 'expired' : null;
}

/**
 * Pictures of picture questions: online they are uploaded with the session at once (/file/upload,
 * profile surveyPicture); offline (or when the upload cannot reach the server) they are kept on the
 * device as `local:` tokens and uploaded before the answer is queued.
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

/** Uploads the pictures kept on the device: their file ids by token (throws when one cannot go). */
async function uploadLocalPictures(values: AnswerValues, questionnaireId: string, answerId: string): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const token of localPictureTokens(values)) {
    const file = await keptFile(token);
    if (file) ids.set(token, await uploadSurveyPicture(file, questionnaireId, answerId));
  }
  return ids;
}

/** A queued answer's state line (待同步 / conflict / failed) for this questionnaire. */
function QueuedState({ entry }: { entry: OutboxEntry<SurveyAnswerRequest> }) {
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
    // the server's words (already in the user's language); the panel offers retry and discard
    const message = entry.lastError?.msg ?? '';
    return (
      <Alert.Root status="error" data-testid="survey-answer-failed">
        <Alert.Indicator />
        <Alert.Title>
          <Trans>提交未被接受：{message}</Trans>
        </Alert.Title>
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
  const { t } = useLingui();
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
  const [submitError, setSubmitError] = useState<string | null>(null);

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
    setSubmitError(null);
    void saveDraft(id, next);
  };

  // back online with pictures kept on the device: upload them now (the draft takes their server ids)
  const hasLocal = draft ? localPictureTokens(draft.values).length > 0 : false;
  const uploading = useRef(false);
  useEffect(() => {
    if (!online || !hasLocal || !draft || uploading.current || queued) return;
    uploading.current = true;
    void uploadLocalPictures(draft.values, id, draft.answerId)
      .then((ids) =>
        setDraft((before) => {
          if (!before) return before;
          const next = { ...before, values: replaceTokens(before.values, ids) };
          void saveDraft(id, next, true);
          return next;
        }),
      )
      .catch(() => undefined)
      .finally(() => {
        uploading.current = false;
      });
  }, [online, hasLocal, draft, id, queued]);

  const submit = async (clean: AnswerValues) => {
    if (!draft || !survey) return;
    setBusy(true);
    setSubmitError(null);
    try {
      let values = clean;
      if (localPictureTokens(values).length) {
        if (!online) {
          setSubmitError(t`图片需要联网上传：请联网后再提交（已填写的内容已保存在本设备）。`);
          return;
        }
        try {
          values = replaceTokens(values, await uploadLocalPictures(values, id, draft.answerId));
        } catch (error) {
          setSubmitError(error instanceof HttpError && error.kind === 'failure' ? error.msg : t`图片需要联网上传：请联网后再提交（已填写的内容已保存在本设备）。`);
          return;
        }
      }
      await saveDraft(id, { ...draft, values: { ...draft.values, ...values } }, true);
      await enqueue(answerSurveyKind, {
        entityKey: answerEntityKey(id),
        payload: { questionnaireId: id, answerId: draft.answerId, values },
      });
    } finally {
      setBusy(false);
    }
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
        <QueuedState entry={queued} />
      ) : closed ? (
        <Alert.Root status="warning" data-testid="survey-refusal" data-reason={closed}>
          <Alert.Indicator />
          <Alert.Title>{refusalText(closed, { startsAt: survey.startsAt, endsAt: survey.endsAt })}</Alert.Title>
        </Alert.Root>
      ) : null}
      {submitError && (
        <Alert.Root status="error" data-testid="survey-submit-error">
          <Alert.Indicator />
          <Alert.Title>{submitError}</Alert.Title>
        </Alert.Root>
      )}
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

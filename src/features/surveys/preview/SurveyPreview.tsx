import { Alert, Box, Button, Flex, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import type { AnswerValues, SurveyQuestion } from '../../../../contracts/survey-rules';
import { RequestError } from '../../../components/RequestError';
import { SurveyForm, type SurveyPictures } from '../answer/SurveyForm';
import { storedDraft } from '../builder/draft';
import { showRange, isoOfLocal } from '../builder/time';
import { useSurveysCatalog } from '../catalog';
import { AUDIENCE_LABELS, anonymityLabel, ONCE_PER_LABELS } from '../labels';
import { surveyDetailQuery } from '../manage-api';

export interface SurveyPreviewProps {
  id: string | undefined;
  /** the editor's unsaved draft (kept on the device) instead of the saved questionnaire */
  draft: boolean;
  onBack: () => void;
  onEdit: (id: string) => void;
}

type Width = 'phone' | 'desktop';

/**
 * 问卷预览 /survey/cjwj/perviewWJ?id= (&draft=1: the editor's unsaved draft): the shared answer form
 * (answer/SurveyForm, mode 'preview') at a phone's or a desktop's width. Answering runs the real checks
 * and skip logic; nothing is sent. Pictures stay on this device (object URLs).
 */
export function SurveyPreview(props: SurveyPreviewProps) {
  return useSurveysCatalog() ? <PreviewBody {...props} /> : null;
}

interface Shown {
  title: string;
  description: string;
  startsAt: string;
  endsAt: string;
  audience: 'everyone' | 'targeted';
  anonymous: boolean;
  oncePer: 'person' | 'device';
  questions: SurveyQuestion[];
}

function PreviewBody({ id, draft, onBack, onEdit }: SurveyPreviewProps) {
  const { t, i18n } = useLingui();
  const kept = useMemo(() => (draft && id ? storedDraft(id) : null), [draft, id]);
  const saved = useQuery({ ...surveyDetailQuery(id ?? ''), enabled: Boolean(id) && !kept, retry: false });
  const [width, setWidth] = useState<Width>('phone');
  const [values, setValues] = useState<AnswerValues>({});
  const [round, setRound] = useState(0);
  const urls = useRef(new Map<string, string>());
  const pictures: SurveyPictures = useMemo(
    () => ({
      add: async (_questionId, file) => {
        const token = `local:${crypto.randomUUID()}`;
        urls.current.set(token, URL.createObjectURL(file));
        return token;
      },
      urlOf: (token) => urls.current.get(token) ?? '',
      remove: (token) => {
        const url = urls.current.get(token);
        if (url) URL.revokeObjectURL(url);
        urls.current.delete(token);
      },
    }),
    [],
  );

  const survey: Shown | undefined = kept
    ? { ...kept.draft, startsAt: isoOfLocal(kept.draft.startsAt), endsAt: isoOfLocal(kept.draft.endsAt) }
    : saved.data
      ? saved.data
      : undefined;

  const header = (
    <Flex gap="3" align="center" wrap="wrap">
      <Heading as="h1" size="lg" flex="1" minW="40">
        <Trans>问卷预览</Trans>
      </Heading>
      <HStack gap="1" role="group" aria-label={t`预览宽度`}>
        <Button size="sm" variant={width === 'phone' ? 'solid' : 'outline'} colorPalette="brand" aria-pressed={width === 'phone'} onClick={() => setWidth('phone')} data-testid="preview-phone">
          <Trans>手机</Trans>
        </Button>
        <Button size="sm" variant={width === 'desktop' ? 'solid' : 'outline'} colorPalette="brand" aria-pressed={width === 'desktop'} onClick={() => setWidth('desktop')} data-testid="preview-desktop">
          <Trans>电脑</Trans>
        </Button>
      </HStack>
      <Button size="sm" variant="outline" onClick={() => { setValues({}); setRound((n) => n + 1); }} data-testid="preview-reset">
        <Trans>重新填写</Trans>
      </Button>
      {id && (
        <Button size="sm" variant="outline" onClick={() => onEdit(id)}>
          <Trans>返回编辑</Trans>
        </Button>
      )}
      <Button size="sm" variant="outline" onClick={onBack}>
        <Trans>返回列表</Trans>
      </Button>
    </Flex>
  );

  if (!id) {
    return (
      <Stack gap="4">
        {header}
        <Text color="fg.muted">
          <Trans>请从问卷管理中选择要预览的问卷</Trans>
        </Text>
      </Stack>
    );
  }
  if (!survey) {
    return (
      <Stack gap="4">
        {header}
        {saved.isError ? (
          <RequestError error={saved.error} testId="preview-error" />
        ) : (
          <HStack color="fg.muted">
            <Spinner size="sm" />
            <Trans>加载中…</Trans>
          </HStack>
        )}
      </Stack>
    );
  }

  const range = showRange(survey.startsAt, survey.endsAt);
  return (
    <Stack gap="4" data-testid="survey-preview-page">
      {header}
      <Alert.Root status="info" data-testid="preview-notice">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>
            <Trans>这是预览：可以试填，必答、格式和跳题规则与正式填写相同，但不会提交任何答案。</Trans>
          </Alert.Title>
          {kept && (
            <Alert.Description>
              <Trans>显示的是编辑中尚未保存的内容。</Trans>
            </Alert.Description>
          )}
        </Alert.Content>
      </Alert.Root>
      <Text fontSize="sm" color="fg.muted">
        {range} · {i18n._(AUDIENCE_LABELS[survey.audience])} · {i18n._(anonymityLabel(survey.anonymous))} · {i18n._(ONCE_PER_LABELS[survey.audience === 'targeted' ? 'person' : survey.oncePer])}
      </Text>
      <Box
        mx="auto"
        width="full"
        maxW={width === 'phone' ? '375px' : '760px'}
        borderWidth={width === 'phone' ? '8px' : '1px'}
        borderColor={width === 'phone' ? 'gray.800' : 'border'}
        borderRadius={width === 'phone' ? '3xl' : 'l2'}
        overflow="hidden"
        bg="white"
        color="black"
        data-testid="preview-frame"
        data-width={width}
      >
        <Box maxH={width === 'phone' ? '720px' : undefined} overflowY={width === 'phone' ? 'auto' : undefined}>
          <SurveyForm
            key={round}
            survey={{ title: survey.title, description: survey.description, questions: survey.questions, anonymous: survey.anonymous }}
            values={values}
            onChange={setValues}
            mode="preview"
            pictures={pictures}
          />
        </Box>
      </Box>
    </Stack>
  );
}

import { Stack, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import type { SurveyAnswerRequest } from '../../../../contracts/surveys';
import { formatDateTime } from '../../../lib/format';
import type { OutboxEntry } from '../../../lib/offline/outbox';
import { isAlreadySubmitted, knownSurveyTitles } from './known';

/**
 * The conflict inbox's view of a queued answer refused as 'already submitted' (40900): this person
 * answered the questionnaire elsewhere (another device or the public page) at that time; one answer per
 * person, so this one cannot be sent. 'Take the server's' marks the questionnaire answered here.
 */
export default function AnswerConflictView({ entry }: { entry: OutboxEntry<SurveyAnswerRequest> }) {
  const server = isAlreadySubmitted(entry.serverData) ? entry.serverData : null;
  const title = knownSurveyTitles.get(entry.payload.questionnaireId) ?? '';
  const time = server ? formatDateTime(server.submittedAt) : '';
  return (
    <Stack gap="1" data-testid="survey-answer-conflict">
      {title && <Text fontWeight="medium">{title}</Text>}
      <Text fontSize="sm">
        {server ? <Trans>该问卷已在其他设备或页面提交（{time}），每人只能提交一次，本次填写无法再提交。</Trans> : <Trans>该问卷已提交过，本次填写无法再提交。</Trans>}
      </Text>
    </Stack>
  );
}

import { Box, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import type { ApplicationDetail, ApplicationEvent } from '../../../contracts/applications';
import { EVENT_LABELS } from './labels';
import { showTime } from './time';

/** An application's audit trail, one entry per event (申请详情 and 学籍异动's drawer): what, at which step, who, when, the opinion. */
export function AuditEvents({ events, steps, stepName, testId }: { events: readonly ApplicationEvent[]; steps: ApplicationDetail['steps']; stepName: (step: ApplicationDetail['steps'][number]) => string; testId: string }) {
  const { i18n, t } = useLingui();
  return events.map((event) => {
    const action = i18n._(EVENT_LABELS[event.action]!);
    const stepOf = event.step !== null && event.action !== 'submit' ? steps[event.step] : undefined;
    const step = stepOf && stepName(stepOf);
    return (
      <Box key={event.id} borderStartWidth="3px" borderColor={event.action === 'reject' ? 'red.solid' : event.action === 'pass' ? 'green.solid' : 'border.emphasized'} ps="3" data-testid={testId} data-action={event.action}>
        <Text fontSize="sm" fontWeight="medium">
          {step ? t`${action} · ${step}` : action}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {event.actorName} · {showTime(event.at)}
        </Text>
        {event.opinion && <Text fontSize="sm">{event.opinion}</Text>}
      </Box>
    );
  });
}

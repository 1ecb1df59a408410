import { Badge, Grid, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ApplicationAuditRequest, ApplicationEvent } from '../../../contracts/applications';
import type { OutboxEntry } from '../../lib/offline/outbox';
import { isApplicationDetail, knownApplications } from './known';
import { auditStateText, EVENT_LABELS } from './labels';
import { decisionText } from './outbox-kind';
import { showTime } from './time';

/** The last decision-like event on the server (what the other auditor did). */
export function lastDecision(events: readonly ApplicationEvent[]): ApplicationEvent | undefined {
  return [...events].reverse().find((event) => event.action !== 'submit');
}

/**
 * The conflict inbox's view of a queued audit: my decision and opinion beside what happened on the
 * server meanwhile (who passed / rejected it, when, their opinion) and where the application is now.
 */
export default function AuditConflictView({ entry }: { entry: OutboxEntry<ApplicationAuditRequest> }) {
  const { t, i18n } = useLingui();
  const server = isApplicationDetail(entry.serverData) ? entry.serverData : null;
  const name = server?.applicantName ?? knownApplications.get(entry.payload.id)?.applicantName ?? '';
  const theirs = server ? lastDecision(server.events) : undefined;
  return (
    <Stack gap="2" data-testid="audit-conflict">
      <Text fontSize="sm">
        {name}
        {server ? ` · ${server.applicantNo}` : ''}
        {server && (
          <Badge ms="2" colorPalette="orange" data-testid="audit-conflict-state">
            {auditStateText(i18n, server.auditState)}
          </Badge>
        )}
      </Text>
      <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="2">
        <Stack gap="1" borderWidth="1px" borderRadius="l2" p="2" data-testid="audit-conflict-mine">
          <Text fontSize="xs" color="fg.muted">
            <Trans>我的审核</Trans>
          </Text>
          <Text fontWeight="medium">{decisionText(entry.payload.decision)}</Text>
          <Text fontSize="sm">{entry.payload.opinion ? entry.payload.opinion : t`（无意见）`}</Text>
        </Stack>
        <Stack gap="1" borderWidth="1px" borderRadius="l2" p="2" data-testid="audit-conflict-server">
          <Text fontSize="xs" color="fg.muted">
            <Trans>服务器上</Trans>
          </Text>
          {theirs ? (
            <>
              <Text fontWeight="medium">
                {i18n._(EVENT_LABELS[theirs.action]!)} · {theirs.actorName}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                {showTime(theirs.at)}
              </Text>
              <Text fontSize="sm">{theirs.opinion ? theirs.opinion : t`（无意见）`}</Text>
            </>
          ) : (
            <Text fontSize="sm">—</Text>
          )}
        </Stack>
      </Grid>
      {server && !server.can.audit && (
        <Text fontSize="sm" color="fg.muted" data-testid="audit-conflict-closed">
          <Trans>该申请已不再等待您的审核，只能接受服务器上的结果</Trans>
        </Text>
      )}
    </Stack>
  );
}

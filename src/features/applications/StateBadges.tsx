import { Badge, HStack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { CANCELLABLE_KINDS } from '../../../contracts/application-rules';
import type { ApplicationRow } from '../../../contracts/applications';
import { auditStateColor, auditStateText, CANCEL_LABELS, EXPIRED_LABEL, QUEUED_LABEL, roleOfAuditState } from './labels';
import { useRoleNames } from './role-names';

/**
 * The state of an application as badges: its audit state (a role step named by its role), 未销假 /
 * 已销假 for approved cancellable kinds, 已过期, and 待同步 while my audit waits in the outbox.
 */
export function StateBadges({ row, queued }: { row: Pick<ApplicationRow, 'auditState' | 'expired' | 'kind' | 'state' | 'cancelState'>; queued?: string }) {
  const { i18n } = useLingui();
  const role = roleOfAuditState(row.auditState);
  const roleNames = useRoleNames(role !== undefined && role !== 'teaching_office' && role !== 'admin');
  return (
    <HStack gap="1" wrap="wrap">
      <Badge colorPalette={auditStateColor(row.auditState)} data-testid="application-state">
        {auditStateText(i18n, row.auditState, roleNames)}
      </Badge>
      {row.state === 'approved' && CANCELLABLE_KINDS.includes(row.kind) && (
        <Badge colorPalette={row.cancelState === 'cancelled' ? 'blue' : 'gray'} variant="outline" data-testid="application-cancel-state">
          {i18n._(CANCEL_LABELS[row.cancelState])}
        </Badge>
      )}
      {row.expired && (
        <Badge colorPalette="gray" variant="solid" data-testid="application-expired">
          {i18n._(EXPIRED_LABEL)}
        </Badge>
      )}
      {(queued === 'pending' || queued === 'sending') && (
        <Badge colorPalette="purple" data-testid="application-queued">
          {i18n._(QUEUED_LABEL)}
        </Badge>
      )}
    </HStack>
  );
}

import { QueryContent } from '../../components/QueryContent';
import { Badge, CloseButton, Dialog, HStack, Portal, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { AttendanceChange } from '../../../contracts/attendance';
import { formatDateTime } from '../../lib/format';
import { attendanceChangesQuery } from './api';
import { AttendanceStatus } from '../../../contracts/attendance-constants';
import { statusPalette, useStatusOptions } from './status';

/** A first-roll "present" without a remark: everyone's default, summed up instead of listed. */
const routine = (change: AttendanceChange) => change.oldStatus === null && change.newStatus === AttendanceStatus.present && !change.newRemark;

export interface ChangesDialogProps {
  classId: string;
  date: string;
  open: boolean;
  onClose: () => void;
}

/** The audit trail of one roll: who changed which student from what to what, and when. */
export function ChangesDialog({ classId, date, open, onClose }: ChangesDialogProps) {
  const { t, i18n } = useLingui();
  const changes = useQuery({ ...attendanceChangesQuery(classId, date), enabled: open });
  const { label } = useStatusOptions();
  const routineCount = changes.data?.filter(routine).length ?? 0;

  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && onClose()} placement="center" size={{ base: 'full', md: 'lg' }} scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="roll-changes">
            <Dialog.Header pe="12">
              <Dialog.Title>
                <Trans>修改记录</Trans>
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <QueryContent query={changes} empty={<Trans>暂无修改记录</Trans>}>
                {(rows) => (
                  <Stack as="ol" gap="2" listStyleType="none">
                    {rows.filter((change) => !routine(change)).map((change, index) => (
                      <Stack as="li" key={`${change.version}:${change.studentId}:${index}`} gap="0.5" py="1.5" borderBottomWidth="1px" borderColor="border.muted" data-testid="roll-change">
                        <HStack gap="2" wrap="wrap">
                          <Text fontWeight="semibold">{change.studentName}</Text>
                          {change.oldStatus ? (
                            <Badge colorPalette={statusPalette(change.oldStatus)} variant="subtle">
                              {label(change.oldStatus)}
                            </Badge>
                          ) : (
                            <Text as="span" color="fg.muted" fontSize="sm">
                              <Trans>（首次）</Trans>
                            </Text>
                          )}
                          <Text as="span" aria-hidden>
                            →
                          </Text>
                          <Badge colorPalette={statusPalette(change.newStatus)} variant="solid">
                            {label(change.newStatus)}
                          </Badge>
                        </HStack>
                        {change.oldRemark !== change.newRemark && (change.oldRemark || change.newRemark) ? (
                          <Text fontSize="sm" color="fg.muted">
                            <Trans>
                              备注：{change.oldRemark || '—'} → {change.newRemark || '—'}
                            </Trans>
                          </Text>
                        ) : null}
                        <Text fontSize="xs" color="fg.muted">
                          <Trans>
                            {change.changedByName} · {formatDateTime(change.changedAt, i18n.locale)} · 第 {change.version} 次提交
                          </Trans>
                        </Text>
                      </Stack>
                    ))}
                    {routineCount > 0 ? (
                      <Text as="li" fontSize="sm" color="fg.muted" data-testid="roll-change-routine">
                        <Trans>另有 {routineCount} 人首次点名记为出勤</Trans>
                      </Text>
                    ) : null}
                  </Stack>
                )}
              </QueryContent>
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t`关闭`} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

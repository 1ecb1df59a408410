import { Badge, CloseButton, Dialog, NativeSelect, Portal, Stack, Table } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ScoreSheet } from '../../../contracts/scores';
import { QueryContent } from '../../components/QueryContent';
import { formatDateTime } from '../../lib/format';
import { useLocalName } from '../../lib/local-name';
import { scoreChangesQuery } from './api';
import { describeValue } from './outbox-kind';

export interface ScoreChangesDialogProps {
  sheet: ScoreSheet;
  subjectName: string;
  open: boolean;
  onClose: () => void;
}

/** The audit trail of a sheet, or of one student: who, when, old, new, correction. */
export default function ScoreChangesDialog({ sheet, subjectName, open, onClose }: ScoreChangesDialogProps) {
  const { t, i18n } = useLingui();
  const localName = useLocalName();
  const [studentId, setStudentId] = useState('');
  const changes = useQuery({ ...scoreChangesQuery(sheet.batch.id, sheet.classId, sheet.subject, studentId || undefined), enabled: open });

  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && onClose()} placement="center" size={{ base: 'full', md: 'xl' }} scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="score-changes">
            <Dialog.Header pe="12">
              <Dialog.Title>
                <Trans>修改记录</Trans> · {localName(sheet.className, sheet.classNameEn)} {subjectName}
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <NativeSelect.Root size="sm" maxW="16rem">
                  <NativeSelect.Field aria-label={t`学生`} value={studentId} onChange={(event) => setStudentId(event.target.value)}>
                    <option value="">{t`全部学生`}</option>
                    {sheet.students.map((student) => (
                      <option key={student.studentId} value={student.studentId}>
                        {student.studentName}（{student.studentNo}）
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
                <QueryContent query={changes} empty={<Trans>暂无修改记录</Trans>}>
                  {(rows) => (
                    <Table.Root size="sm">
                      <Table.Header>
                        <Table.Row>
                          <Table.ColumnHeader>
                            <Trans>学生</Trans>
                          </Table.ColumnHeader>
                          <Table.ColumnHeader>
                            <Trans>原值</Trans>
                          </Table.ColumnHeader>
                          <Table.ColumnHeader>
                            <Trans>新值</Trans>
                          </Table.ColumnHeader>
                          <Table.ColumnHeader>
                            <Trans>修改人</Trans>
                          </Table.ColumnHeader>
                          <Table.ColumnHeader>
                            <Trans>时间</Trans>
                          </Table.ColumnHeader>
                        </Table.Row>
                      </Table.Header>
                      <Table.Body>
                        {rows.map((change, index) => (
                          <Table.Row key={`${change.studentId}:${change.version}:${index}`} data-testid="score-change">
                            <Table.Cell>{change.studentName}</Table.Cell>
                            <Table.Cell>{change.oldScore === null && !change.oldMark ? '—' : describeValue(change.oldScore, change.oldMark ?? '')}</Table.Cell>
                            <Table.Cell>
                              {describeValue(change.newScore, change.newMark)}
                              {change.correction ? (
                                <Badge ms="1" colorPalette="orange" size="sm">
                                  <Trans>更正</Trans>
                                </Badge>
                              ) : null}
                            </Table.Cell>
                            <Table.Cell>{change.changedByName}</Table.Cell>
                            <Table.Cell>{formatDateTime(change.changedAt, i18n.locale)}</Table.Cell>
                          </Table.Row>
                        ))}
                      </Table.Body>
                    </Table.Root>
                  )}
                </QueryContent>
              </Stack>
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

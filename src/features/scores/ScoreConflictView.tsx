import { Stack, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import type { ScoreSaveRequest, ScoreSheet } from '../../../contracts/scores';
import { formatDateTime } from '../../lib/format';
import { useLocalName } from '../../lib/local-name';
import type { OutboxEntry } from '../../lib/offline/outbox';
import { knownNames, scoreKeys } from './api';
import { describeValue, isScoreCell } from './outbox-kind';

/**
 * The conflict inbox's view of a queued score: the student, my value and the server's, who changed
 * the server's and when. The panel's buttons decide (keep mine: re-queued on the server's version;
 * take the server's: the cache takes it).
 */
export default function ScoreConflictView({ entry }: { entry: OutboxEntry<ScoreSaveRequest> }) {
  const { i18n } = useLingui();
  const localName = useLocalName();
  const queryClient = useQueryClient();
  const { batchId, classId, subject, studentId } = entry.payload;
  const sheet = queryClient.getQueryData<ScoreSheet>(scoreKeys.sheet(batchId, classId, subject));
  const student = sheet?.students.find((item) => item.studentId === studentId);
  const name = student ? `${student.studentName}（${student.studentNo}）` : (knownNames.students.get(studentId) ?? studentId);
  const server = isScoreCell(entry.serverData) ? entry.serverData : null;
  const subjectName = knownNames.subjects.get(subject) ?? subject;

  return (
    <Stack gap="2" data-testid="score-conflict">
      <Text fontSize="sm">
        {sheet ? `${sheet.batch.name} · ${localName(sheet.className, sheet.classNameEn)} · ` : ''}
        {subjectName} · {name}
      </Text>
      <Table.Root size="sm">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>
              <Trans>我的</Trans>
            </Table.ColumnHeader>
            <Table.ColumnHeader>
              <Trans>服务器的</Trans>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          <Table.Row>
            <Table.Cell data-testid="score-conflict-mine">{describeValue(entry.payload.score, entry.payload.mark)}</Table.Cell>
            <Table.Cell data-testid="score-conflict-server">{server ? describeValue(server.score === null ? null : Number(server.score), server.mark) : '—'}</Table.Cell>
          </Table.Row>
        </Table.Body>
      </Table.Root>
      {server?.enteredByName ? (
        <Text fontSize="sm" color="fg.muted" data-testid="score-conflict-who">
          <Trans>
            服务器上由 {server.enteredByName} 于 {server.enteredAt ? formatDateTime(server.enteredAt, i18n.locale) : '—'} 修改
          </Trans>
        </Text>
      ) : null}
    </Stack>
  );
}

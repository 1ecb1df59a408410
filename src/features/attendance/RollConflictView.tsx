import { Badge, Box, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import type { AttendanceRoll, AttendanceSubmitRequest } from '../../../contracts/attendance';
import type { OutboxEntry } from '../../lib/offline/outbox';
import { formatDateTime } from '../../lib/format';
import { useLocalName } from '../../lib/local-name';
import { changedStudents, marksOfRoll, overlayMarks } from './roll-state';
import { statusPalette, useStatusOptions } from './status';

/**
 * The conflict inbox's view of a queued roll: per student whose value differs, the teacher's
 * ("mine") and the server's status and remark, with names.
 */
export default function RollConflictView({ entry }: { entry: OutboxEntry<AttendanceSubmitRequest> }) {
  const { label } = useStatusOptions();
  const localName = useLocalName();
  const server = entry.serverData as AttendanceRoll | null;
  const serverMarks = server && Array.isArray(server.entries) ? marksOfRoll(server) : {};
  const mine = overlayMarks({}, entry.payload);
  const ids = changedStudents(
    mine,
    Object.fromEntries(Object.entries(serverMarks).filter(([id]) => id in mine)),
  );
  const names = new Map((server?.entries ?? []).map((student) => [student.studentId, student]));
  const className = server ? localName(server.className, server.classNameEn) : '';
  const date = entry.payload.date;

  return (
    <Stack gap="2" data-testid="attendance-conflict">
      <Text fontSize="sm">
        {className} {date}
        {server?.takenByName ? (
          <>
            {' · '}
            <Trans>
              服务器上由 {server.takenByName} 于 {formatDateTime(server.takenAt ?? '')} 修改
            </Trans>
          </>
        ) : null}
      </Text>
      {ids.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          <Trans>点名结果相同，只有版本不同</Trans>
        </Text>
      ) : (
        <Box overflowX="auto">
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>
                  <Trans>学生</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>我的</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>服务器的</Trans>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {ids.map((id) => {
                const student = names.get(id);
                const my = mine[id];
                const theirs = serverMarks[id];
                return (
                  <Table.Row key={id} data-testid="attendance-conflict-row">
                    <Table.Cell>
                      {student ? `${student.studentName}（${student.studentNo}）` : id}
                    </Table.Cell>
                    <Table.Cell>
                      <Value status={my?.status} remark={my?.remark} label={label} />
                    </Table.Cell>
                    <Table.Cell>
                      <Value status={theirs?.status} remark={theirs?.remark} label={label} />
                    </Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
    </Stack>
  );
}

function Value({ status, remark, label }: { status?: string; remark?: string; label: (code: string) => string }) {
  if (!status) return <Text color="fg.muted">—</Text>;
  return (
    <HStack gap="1" wrap="wrap">
      <Badge colorPalette={statusPalette(status)}>{label(status)}</Badge>
      {remark ? (
        <Text as="span" fontSize="xs" color="fg.muted">
          {remark}
        </Text>
      ) : null}
    </HStack>
  );
}

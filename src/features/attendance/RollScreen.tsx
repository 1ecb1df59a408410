import { RequestError } from '../../components/RequestError';
import { DayInput } from './DayInput';
import { Badge, Box, Button, Flex, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useBlocker } from '@tanstack/react-router';
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { AttendanceRoll, AttendanceSubmitRequest } from '../../../contracts/attendance';
import { ATTENDANCE_MANAGE_PERMISSION, ATTENDANCE_TAKE_PERMISSION, AttendanceStatus } from '../../../contracts/attendance-constants';
import { usePermitted } from '../../components/Permission';
import { formatDateTime, formatDay } from '../../lib/format';
import { useLocalName } from '../../lib/local-name';
import { notify } from '../../lib/notify';
import { enqueue, useOutboxEntries, type OutboxEntry } from '../../lib/offline/outbox';
import { attendanceRollQuery } from './api';
import { ChangesDialog } from './ChangesDialog';
import { submitRollKind } from './outbox-kind';
import { changedStudents, countMarks, marksOfRoll, overlayMarks, rollEntityKey, submissionOf, type Mark } from './roll-state';
import { RollRow } from './RollRow';
import { isoDay } from './search';
import { statusPalette, useStatusOptions } from './status';
import { SyncBadge, syncStateOf, type SyncState } from './SyncBadge';

export interface RollScreenProps {
  classId: string;
  date: string;
  /** another day of the same class (the route navigates) */
  onDateChange: (date: string) => void;
}

const TAKE = { anyOf: [ATTENDANCE_TAKE_PERMISSION, ATTENDANCE_MANAGE_PERMISSION] };

/**
 * /xssw/xskq/roll: one class's roll of one day. Everyone is present by default (approved leave as
 * leave), one tap marks another status, a remark opens on demand; submit queues the whole roll in
 * the outbox. What was queued shows at once (over the cached server roll) until it is delivered.
 */
export function RollScreen({ classId, date, onDateChange }: RollScreenProps) {
  const roll = useQuery(attendanceRollQuery(classId, date));
  const localName = useLocalName();
  const today = isoDay();

  return (
    <Stack gap="3" pb="24">
      <Flex gap="3" align="end" wrap="wrap">
        <Stack gap="0" flex="1" minW="12rem">
          <Text fontSize="sm" color="fg.muted">
            <Link to="/xssw/xskq">
              <Trans>学生考勤</Trans>
            </Link>
          </Text>
          <Heading as="h1" size="lg">
            {roll.data ? localName(roll.data.className, roll.data.classNameEn) : <Trans>点名</Trans>}
          </Heading>
        </Stack>
        <DayInput value={date} max={today} onChange={onDateChange} />
        <Button asChild variant="outline" size="md" minH="11">
          <Link to="/xssw/xskq/history" search={{ classId }}>
            <Trans>历史记录</Trans>
          </Link>
        </Button>
      </Flex>

      {roll.isPending ? (
        <Stack gap="2" data-testid="roll-loading">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} h="14" />
          ))}
        </Stack>
      ) : roll.isError && !roll.data ? (
        <RequestError error={roll.error} testId="roll-error" />
      ) : (
        // a failed refetch (offline) keeps the roll restored from the device: the teacher works on it
        <RollSheet key={`${roll.data.classId}:${roll.data.date}`} roll={roll.data} />
      )}
    </Stack>
  );
}

function RollSheet({ roll }: { roll: AttendanceRoll }) {
  const { t, i18n } = useLingui();
  const localName = useLocalName();
  const canTake = usePermitted(TAKE);
  const { options, label } = useStatusOptions();
  const entityKey = rollEntityKey(roll.classId, roll.date);
  const queued = useOutboxEntries({ entityKey }) as OutboxEntry<AttendanceSubmitRequest>[];
  const newest = queued.at(-1);
  const sync: SyncState = syncStateOf(queued, roll.version);

  // what the roll shows before any edit: the server's, with the newest queued submission over it
  const shown = useMemo(() => overlayMarks(marksOfRoll(roll), newest?.payload), [roll, newest?.payload]);
  // the teacher's edits since the roll was shown, whole marks (one object per edited student)
  const [edits, setEdits] = useState<Record<string, Mark>>({});
  const [submitting, setSubmitting] = useState(false);
  const [changesOpen, setChangesOpen] = useState(false);

  const marks = useMemo(() => {
    const merged: Record<string, Mark> = { ...shown };
    for (const [id, mark] of Object.entries(edits)) if (id in merged) merged[id] = mark;
    return merged;
  }, [shown, edits]);
  const dirty = useMemo(() => changedStudents(shown, marks).length > 0, [shown, marks]);
  const counts = useMemo(() => countMarks(roll.entries, marks), [roll.entries, marks]);

  // stable callbacks: a tap re-renders the tapped row only (rows are memoised, untouched marks keep
  // their objects); the shown marks are read through a ref so the callbacks never change
  const shownRef = useRef(shown);
  useLayoutEffect(() => {
    shownRef.current = shown;
  }, [shown]);
  const onStatus = useCallback((studentId: string, status: string) => {
    setEdits((prev) => ({ ...prev, [studentId]: { remark: (prev[studentId] ?? shownRef.current[studentId])?.remark ?? '', status } }));
  }, []);
  const onRemark = useCallback((studentId: string, remark: string) => {
    setEdits((prev) => ({ ...prev, [studentId]: { status: (prev[studentId] ?? shownRef.current[studentId])?.status ?? AttendanceStatus.present, remark } }));
  }, []);

  // unsubmitted marks are not thrown away by a stray tap on a menu, a tab or another date
  useBlocker({
    shouldBlockFn: () => !window.confirm(t`有未提交的修改，离开后这些修改将丢失。确定离开吗？`),
    disabled: !dirty,
    enableBeforeUnload: dirty,
  });

  const taken = roll.version > 0 || queued.length > 0;
  const canSubmit = canTake && !submitting && (dirty || !taken);

  const submit = async () => {
    setSubmitting(true);
    try {
      // baseVersion: the version the teacher edited from; a queued earlier submission of the same
      // roll moves this one to its delivered version before it goes out (the outbox does)
      // the first roll goes whole; a correction carries only the students changed since what is shown
      const only = taken ? changedStudents(shown, marks) : undefined;
      await enqueue(submitRollKind, { entityKey, payload: submissionOf(roll, marks, roll.version, only), baseVersion: roll.version });
      setEdits({});
      notify.success(navigator.onLine === false ? t`已保存，联网后自动同步` : t`已提交`);
    } catch {
      notify.error(t`保存失败，请重新登录后再试`);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Stack gap="3">
      <Flex gap="2" align="center" wrap="wrap" data-testid="roll-state">
        <SyncBadge state={sync} entries={queued} />
        <Text fontSize="sm" color="fg.muted">
          {localName(roll.semester.name, roll.semester.nameEn)} · {formatDay(roll.date, i18n.locale)}
        </Text>
        {roll.version > 0 && roll.takenAt ? (
          <Text fontSize="sm" color="fg.muted" data-testid="roll-taken">
            <Trans>
              {roll.takenByName} 于 {formatDateTime(roll.takenAt, i18n.locale)} 提交
            </Trans>
          </Text>
        ) : null}
        {roll.version > 0 ? (
          <Button size="sm" variant="ghost" colorPalette="brand" minH="11" ms="auto" onClick={() => setChangesOpen(true)}>
            <Trans>修改记录</Trans>
          </Button>
        ) : null}
      </Flex>

      <HStack gap="2" wrap="wrap" data-testid="roll-counts" aria-live="polite">
        {options.map((option) => (
          <Badge key={option.code} colorPalette={statusPalette(option.code)} variant="subtle" size="lg" data-testid={`roll-count-${option.code}`}>
            {option.label} {counts[option.code] ?? 0}
          </Badge>
        ))}
        {Object.keys(counts)
          .filter((code) => !options.some((option) => option.code === code))
          .map((code) => (
            <Badge key={code} variant="subtle" size="lg" data-testid={`roll-count-${code}`}>
              {label(code)} {counts[code]}
            </Badge>
          ))}
        <Text fontSize="sm" color="fg.muted">
          <Trans>共 {roll.entries.length} 人</Trans>
        </Text>
      </HStack>

      {roll.entries.length === 0 ? (
        <Text color="fg.muted">
          <Trans>该班级暂无学生</Trans>
        </Text>
      ) : (
        <Box as="ul" listStyleType="none" borderWidth="1px" borderColor="border" borderRadius="l2" bg="bg" data-testid="roll-list">
          {roll.entries.map((student) => (
            <RollRow
              key={student.studentId}
              student={student}
              mark={marks[student.studentId]}
              options={options}
              onStatus={onStatus}
              onRemark={onRemark}
              readOnly={!canTake}
              locale={i18n.locale}
            />
          ))}
        </Box>
      )}

      {canTake ? (
        <Flex
          position="sticky"
          bottom="0"
          zIndex="docked"
          gap="2"
          align="center"
          py="2"
          px="2"
          bg="bg"
          borderTopWidth="1px"
          borderColor="border"
        >
          <Text fontSize="sm" color="fg.muted" flex="1">
            {dirty ? <Trans>有未提交的修改</Trans> : taken ? <Trans>已提交，可修改后重新提交</Trans> : <Trans>默认全部出勤，只需标记例外</Trans>}
          </Text>
          {dirty ? (
            <Button variant="ghost" size="lg" minH="11" onClick={() => setEdits({})}>
              <Trans>撤销修改</Trans>
            </Button>
          ) : null}
          <Button colorPalette="brand" size="lg" minH="11" minW="28" disabled={!canSubmit} loading={submitting} onClick={() => void submit()}>
            <Trans>提交</Trans>
          </Button>
        </Flex>
      ) : null}

      <ChangesDialog classId={roll.classId} date={roll.date} open={changesOpen} onClose={() => setChangesOpen(false)} />
    </Stack>
  );
}

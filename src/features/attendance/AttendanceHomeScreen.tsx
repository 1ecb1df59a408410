import { RequestError } from '../../components/RequestError';
import { DayInput } from './DayInput';
import { Badge, Box, Button, Card, Flex, Heading, HStack, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { AttendanceClass } from '../../../contracts/attendance';
import { ATTENDANCE_MANAGE_PERMISSION } from '../../../contracts/attendance-constants';
import { usePermitted } from '../../components/Permission';
import { SUBJECT_DICT } from '../../../contracts/dict-codes';
import { dictLabel, dictQuery } from '../../lib/dicts';
import { formatDateTime } from '../../lib/format';
import { useLocalName } from '../../lib/local-name';
import { useOutboxEntries } from '../../lib/offline/outbox';
import { attendanceClassesQuery, attendanceMissingQuery } from './api';
import { submitRollKind } from './outbox-kind';
import { rollEntityKey } from './roll-state';
import { isoDay, type AttendanceHomeSearch } from './search';

export interface AttendanceHomeScreenProps {
  search: AttendanceHomeSearch;
  onSearchChange: (next: AttendanceHomeSearch) => void;
}

const MANAGE = { anyOf: [ATTENDANCE_MANAGE_PERMISSION] };

/**
 * /xssw/xskq: the teacher's classes with the state of today's roll and a way into each; with
 * xskq_manage also the classes without a roll on a chosen day, each leading to that roll.
 */
export function AttendanceHomeScreen({ search, onSearchChange }: AttendanceHomeScreenProps) {
  const today = isoDay();
  const manager = usePermitted(MANAGE);
  return (
    <Stack gap="5">
      <Flex gap="3" align="center" wrap="wrap">
        <Heading as="h1" size="lg" flex="1">
          <Trans>学生考勤</Trans>
        </Heading>
        <Button asChild variant="outline" minH="11">
          <Link to="/xssw/xskq/history">
            <Trans>考勤历史</Trans>
          </Link>
        </Button>
      </Flex>
      <MyClasses today={today} hideWhenEmpty={manager} />
      {manager ? <MissingOverview date={search.date ?? today} today={today} onDateChange={(date) => onSearchChange({ date: date === today ? undefined : date })} /> : null}
    </Stack>
  );
}

function MyClasses({ today, hideWhenEmpty }: { today: string; hideWhenEmpty: boolean }) {
  const classes = useQuery(attendanceClassesQuery(today));
  // naming the kind also registers it, so queued rolls drain from this page too
  const queued = useOutboxEntries({ kind: submitRollKind.kind });
  const mine = (classes.data ?? []).filter((item) => item.duties.length > 0);
  if (hideWhenEmpty && classes.isSuccess && mine.length === 0) return null;

  return (
    <Stack gap="3" as="section" aria-labelledby="attendance-my-classes">
      <Heading as="h2" size="md" id="attendance-my-classes">
        <Trans>我的班级 · 今日点名</Trans>
      </Heading>
      {classes.isPending ? (
        <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="3">
          <Skeleton h="28" />
          <Skeleton h="28" />
        </SimpleGrid>
      ) : classes.isError ? (
        <RequestError error={classes.error} />
      ) : mine.length === 0 ? (
        <Text color="fg.muted">
          <Trans>您没有需要点名的班级</Trans>
        </Text>
      ) : (
        <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="3">
          {mine.map((item) => (
            <ClassCard
              key={item.classId}
              item={item}
              today={today}
              pending={queued.some((entry) => entry.entityKey === rollEntityKey(item.classId, today))}
            />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

function ClassCard({ item, today, pending }: { item: AttendanceClass; today: string; pending: boolean }) {
  const { t, i18n } = useLingui();
  const localName = useLocalName();
  const subjects = useQuery(dictQuery(SUBJECT_DICT));
  const duties = item.duties.map((duty) => {
    const subject = dictLabel(subjects.data, duty.subject, i18n.locale);
    return duty.duty === 'head_teacher' ? t`班主任` : t`任课：${subject}`;
  });
  return (
    <Card.Root data-testid="attendance-class" data-class={item.classId} size="sm">
      <Card.Body gap="2">
        <HStack justify="space-between" align="start" gap="2">
          <Stack gap="0">
            <Text fontWeight="semibold" fontSize="lg">
              {localName(item.className, item.classNameEn)}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {localName(item.gradeName, item.gradeNameEn)} · <Trans>{item.studentCount} 人</Trans>
            </Text>
          </Stack>
          {pending ? (
            <Badge colorPalette="yellow" variant="solid">
              <Trans>待同步</Trans>
            </Badge>
          ) : item.taken ? (
            <Badge colorPalette="green" variant="subtle">
              <Trans>已点名</Trans>
            </Badge>
          ) : (
            <Badge colorPalette="orange" variant="subtle">
              <Trans>未点名</Trans>
            </Badge>
          )}
        </HStack>
        <HStack gap="1" wrap="wrap">
          {duties.map((duty, index) => (
            <Badge key={index} variant="outline">
              {duty}
            </Badge>
          ))}
        </HStack>
        {item.taken ? (
          <Text fontSize="sm" color="fg.muted">
            <Trans>
              {item.taken.takenByName} 于 {formatDateTime(item.taken.takenAt, i18n.locale)} 提交
            </Trans>
          </Text>
        ) : null}
        <HStack gap="2">
          <Button asChild colorPalette="brand" minH="11" flex="1">
            <Link to="/xssw/xskq/roll" search={{ classId: item.classId, date: today }}>
              {item.taken || pending ? <Trans>查看 / 修改</Trans> : <Trans>点名</Trans>}
            </Link>
          </Button>
          <Button asChild variant="outline" minH="11">
            <Link to="/xssw/xskq/history" search={{ classId: item.classId }}>
              <Trans>历史</Trans>
            </Link>
          </Button>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

function MissingOverview({ date, today, onDateChange }: { date: string; today: string; onDateChange: (date: string) => void }) {
  const missing = useQuery(attendanceMissingQuery(date));
  const localName = useLocalName();
  const data = missing.data;
  return (
    <Stack gap="3" as="section" aria-labelledby="attendance-missing" data-testid="attendance-missing">
      <Flex gap="3" align="end" wrap="wrap">
        <Heading as="h2" size="md" id="attendance-missing" flex="1">
          <Trans>未点名的班级</Trans>
        </Heading>
        <DayInput value={date} max={today} onChange={onDateChange} />
      </Flex>
      {missing.isPending ? (
        <Skeleton h="20" />
      ) : missing.isError ? (
        <RequestError error={missing.error} />
      ) : !data!.schoolDay ? (
        <Text color="fg.muted" data-testid="attendance-not-school-day">
          <Trans>该日不是上课日（周末、假期或学期外），无需点名</Trans>
        </Text>
      ) : (
        <>
          <Text fontSize="sm" color="fg.muted" data-testid="attendance-missing-summary">
            <Trans>
              共 {data!.totalClasses} 个班级，{data!.missing.length} 个未点名
            </Trans>
          </Text>
          {data!.missing.length === 0 ? (
            <Text color="green.fg">
              <Trans>全部班级都已点名</Trans>
            </Text>
          ) : (
            <Box as="ul" listStyleType="none" borderWidth="1px" borderColor="border" borderRadius="l2">
              {data!.missing.map((item) => (
                <Flex
                  as="li"
                  key={item.classId}
                  data-testid="attendance-missing-class"
                  gap="3"
                  align="center"
                  px="3"
                  py="2"
                  borderBottomWidth="1px"
                  borderColor="border.muted"
                  _last={{ borderBottomWidth: 0 }}
                >
                  <Stack gap="0" flex="1" minW="0">
                    <Text fontWeight="medium">{localName(item.className, item.classNameEn)}</Text>
                    <Text fontSize="sm" color="fg.muted">
                      {localName(item.gradeName, item.gradeNameEn)}
                      {item.headTeacherName ? (
                        <>
                          {' · '}
                          <Trans>班主任 {item.headTeacherName}</Trans>
                        </>
                      ) : null}
                    </Text>
                  </Stack>
                  <Button asChild size="sm" variant="outline" colorPalette="brand" minH="11">
                    <Link to="/xssw/xskq/roll" search={{ classId: item.classId, date }}>
                      <Trans>打开点名</Trans>
                    </Link>
                  </Button>
                </Flex>
              ))}
            </Box>
          )}
        </>
      )}
    </Stack>
  );
}

import { Button, CloseButton, Drawer, Flex, HStack, Input, Portal, Stack, Table, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { KIND_PERMISSIONS } from '../../../contracts/application-constants';
import type { ClassRoster, ClassRosterStudent } from '../../../contracts/classes';
import { SUBJECT_DICT } from '../../../contracts/dict-codes';
import { schoolDate } from '../../../contracts/school-time';
import { SELECTOR_PREFIX, parseSelectorCode } from '../../../contracts/selector-constants';
import { FormField } from '../../components/form/FormField';
import { usePermitted } from '../../components/Permission';
import { RequestError } from '../../components/RequestError';
import { DictSelect } from '../../components/selector/DictSelect';
import { PeopleOrgRoleSelector } from '../../components/selector/PeopleOrgRoleSelector';
import { TabBar, TabPanel } from '../../components/TabBar';
import { formatDate } from '../../lib/format';
import { useLocalName } from '../../lib/local-name';
import { notify } from '../../lib/notify';
import { reportFailure } from '../../lib/report-failure';
import { addSubjectTeacher, classRosterQuery, removeSubjectTeacher, saveSeats } from './api';
import type { ClassRow } from './ClassesScreen';

type Tab = 'roster' | 'teachers';

/** Seats as typed: '' none, else digits (checked on save). */
type SeatDraft = Record<string, string>;

const draftOf = (students: readonly ClassRosterStudent[]): SeatDraft => Object.fromEntries(students.map((student) => [student.id, student.seatNo === null ? '' : String(student.seatNo)]));

/**
 * A class's 花名册 (the roster of any day: today's, or a past day's from the class memberships) with
 * seat numbers (set by hand or numbered by student number, today's roster only), 转班 (opens 学籍异动's
 * application prefilled: the one way a student moves), and its 任课教师 (add, remove).
 */
export default function RosterDrawer({ row, mayEdit, onClose, onChanged }: { row: ClassRow; mayEdit: boolean; onClose: () => void; onChanged: () => void }) {
  const { t } = useLingui();
  const name = useLocalName();
  const today = schoolDate();
  const [tab, setTab] = useState<Tab>('roster');
  const [date, setDate] = useState(today);
  const queryClient = useQueryClient();
  const query = useQuery(classRosterQuery(row.id, date));
  const [seats, setSeats] = useState<SeatDraft | null>(null);
  const [busy, setBusy] = useState(false);
  const [seatError, setSeatError] = useState('');
  const [subject, setSubject] = useState('');
  const [teacherId, setTeacherId] = useState('');
  const mayMove = usePermitted({ anyOf: [KIND_PERMISSIONS.status_change.add] });
  const navigate = useNavigate();
  const roster: ClassRoster | undefined = query.data;
  const editingSeats = seats !== null && roster?.current === true;
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: ['classes', 'roster', row.id] });
    onChanged();
  };

  const numberByStudentNo = () => {
    if (!roster) return;
    const ordered = [...roster.students].sort((a, b) => a.studentNo.localeCompare(b.studentNo));
    setSeats(Object.fromEntries(ordered.map((student, index) => [student.id, String(index + 1)])));
  };

  const saveSeatDraft = async () => {
    if (!roster || !seats) return;
    const entries = roster.students.map((student) => ({ studentId: student.id, text: (seats[student.id] ?? '').trim() }));
    const bad = entries.find((entry) => entry.text !== '' && !/^\d{1,3}$/.test(entry.text));
    if (bad || entries.some((entry) => entry.text === '0')) {
      setSeatError(t`座号须为1到999的整数`);
      return;
    }
    setSeatError('');
    setBusy(true);
    try {
      await saveSeats({ classId: row.id, seats: entries.map((entry) => ({ studentId: entry.studentId, seatNo: entry.text === '' ? null : Number(entry.text) })) });
      notify.success(t`座号已保存`);
      setSeats(null);
      await refresh();
    } catch (error) {
      reportFailure(error);
    } finally {
      setBusy(false);
    }
  };

  const addTeacher = async () => {
    if (!subject || !teacherId) {
      notify.warning(t`请选择科目和教师`);
      return;
    }
    setBusy(true);
    try {
      await addSubjectTeacher({ classId: row.id, userId: teacherId, subject });
      notify.success(t`任课教师已添加`);
      setTeacherId('');
      await refresh();
    } catch (error) {
      reportFailure(error);
    } finally {
      setBusy(false);
    }
  };

  const removeTeacher = async (userId: string, subjectCode: string) => {
    setBusy(true);
    try {
      await removeSubjectTeacher({ classId: row.id, userId, subject: subjectCode });
      notify.success(t`任课教师已移除`);
      await refresh();
    } catch (error) {
      reportFailure(error);
    } finally {
      setBusy(false);
    }
  };

  const genderText = (gender: string) => (gender === '1' ? t`男` : gender === '2' ? t`女` : '—');
  const tabs: { key: Tab; label: string }[] = [
    { key: 'roster', label: t`花名册` },
    { key: 'teachers', label: t`任课教师` },
  ];

  return (
    <Drawer.Root open onOpenChange={(details) => !details.open && onClose()} size={{ base: 'full', sm: 'md' }} placement="end">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="class-roster">
            <Drawer.Header>
              <Drawer.Title>{t`${row.name} 花名册`}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <Stack gap="4">
                <TabBar id="class-roster" tabs={tabs} current={tab} onChange={(key) => setTab(key as Tab)} label={t`班级`} testIdPrefix="class-roster-tab" />
                <TabPanel id="class-roster" current={tab} gap="3">
                  {tab === 'roster' && (
                    <>
                      <Flex gap="3" align="end" wrap="wrap">
                        <FormField label={t`日期`}>
                          <Input
                            type="date"
                            minH="11"
                            value={date}
                            max={today}
                            onChange={(event) => {
                              if (event.target.value) {
                                setDate(event.target.value);
                                setSeats(null);
                              }
                            }}
                            data-testid="class-roster-date"
                          />
                        </FormField>
                        {roster && (
                          <Text fontSize="sm" color="fg.muted" pb="3" data-testid="class-roster-count">
                            {t`共 ${roster.students.length} 人`}
                          </Text>
                        )}
                      </Flex>
                      {mayEdit && roster?.current && (
                        <HStack gap="2" wrap="wrap">
                          {editingSeats ? (
                            <>
                              <Button size="sm" minH="11" variant="outline" onClick={numberByStudentNo} data-testid="class-seats-auto">
                                {t`按学号编座号`}
                              </Button>
                              <Button size="sm" minH="11" colorPalette="brand" loading={busy} onClick={() => void saveSeatDraft()} data-testid="class-seats-save">
                                {t`保存座号`}
                              </Button>
                              <Button size="sm" minH="11" variant="ghost" onClick={() => setSeats(null)}>
                                {t`取消`}
                              </Button>
                            </>
                          ) : (
                            <Button size="sm" minH="11" variant="outline" onClick={() => setSeats(draftOf(roster.students))} data-testid="class-seats-edit">
                              {t`编辑座号`}
                            </Button>
                          )}
                        </HStack>
                      )}
                      {seatError && (
                        <Text color="fg.error" fontSize="sm" role="alert">
                          {seatError}
                        </Text>
                      )}
                      {query.isError && <RequestError error={query.error} />}
                      {!roster && !query.isError && <Text color="fg.muted">{t`加载中…`}</Text>}
                      {roster && roster.students.length === 0 && (
                        <Text color="fg.muted" fontSize="sm" data-testid="class-roster-empty">
                          {t`该日期班级没有学生`}
                        </Text>
                      )}
                      {roster && roster.students.length > 0 && (
                        <Table.Root size="sm" data-testid="class-roster-table">
                          <Table.Header>
                            <Table.Row>
                              <Table.ColumnHeader>{t`座号`}</Table.ColumnHeader>
                              <Table.ColumnHeader>{t`学号`}</Table.ColumnHeader>
                              <Table.ColumnHeader>{t`姓名`}</Table.ColumnHeader>
                              <Table.ColumnHeader display={{ base: 'none', sm: 'table-cell' }}>{t`性别`}</Table.ColumnHeader>
                              {roster.current && mayMove && <Table.ColumnHeader>{t`操作`}</Table.ColumnHeader>}
                            </Table.Row>
                          </Table.Header>
                          <Table.Body>
                            {roster.students.map((student) => (
                              <Table.Row key={student.id} data-testid="class-roster-row" data-student-no={student.studentNo}>
                                <Table.Cell>
                                  {editingSeats ? (
                                    <Input
                                      size="sm"
                                      width="16"
                                      inputMode="numeric"
                                      maxLength={3}
                                      value={seats?.[student.id] ?? ''}
                                      onChange={(event) => setSeats((draft) => ({ ...(draft ?? {}), [student.id]: event.target.value }))}
                                      aria-label={t`${student.name}的座号`}
                                      data-testid="class-seat-input"
                                    />
                                  ) : (
                                    <Text as="span" data-testid="class-seat">
                                      {student.seatNo ?? '—'}
                                    </Text>
                                  )}
                                </Table.Cell>
                                <Table.Cell fontFamily="mono">{student.studentNo}</Table.Cell>
                                <Table.Cell>{student.name}</Table.Cell>
                                <Table.Cell display={{ base: 'none', sm: 'table-cell' }}>{genderText(student.gender)}</Table.Cell>
                                {roster.current && mayMove && (
                                  <Table.Cell>
                                    <Button
                                      size="xs"
                                      minH="11"
                                      variant="ghost"
                                      colorPalette="brand"
                                      aria-label={t`为${student.name}办理转班`}
                                      onClick={() => void navigate({ to: '/xjgl/xjyd', search: { apply: 'class_change', student: student.id } })}
                                      data-testid="class-roster-move"
                                    >
                                      {t`转班`}
                                    </Button>
                                  </Table.Cell>
                                )}
                              </Table.Row>
                            ))}
                          </Table.Body>
                        </Table.Root>
                      )}
                      {roster && !roster.current && (
                        <Text fontSize="xs" color="fg.muted">
                          {t`${formatDate(date)}的花名册按学籍异动记录得出`}
                        </Text>
                      )}
                    </>
                  )}
                  {tab === 'teachers' && (
                    <>
                      {query.isError && <RequestError error={query.error} />}
                      {roster && roster.subjectTeachers.length === 0 && (
                        <Text color="fg.muted" fontSize="sm">
                          {t`暂无任课教师`}
                        </Text>
                      )}
                      {roster && roster.subjectTeachers.length > 0 && (
                        <Table.Root size="sm" data-testid="class-teachers-table">
                          <Table.Header>
                            <Table.Row>
                              <Table.ColumnHeader>{t`科目`}</Table.ColumnHeader>
                              <Table.ColumnHeader>{t`教师`}</Table.ColumnHeader>
                              {mayEdit && <Table.ColumnHeader>{t`操作`}</Table.ColumnHeader>}
                            </Table.Row>
                          </Table.Header>
                          <Table.Body>
                            {roster.subjectTeachers.map((teacher) => (
                              <Table.Row key={`${teacher.subject}-${teacher.userId}`} data-testid="class-teacher-row">
                                <Table.Cell>{name(teacher.subjectName, teacher.subjectNameEn)}</Table.Cell>
                                <Table.Cell>{teacher.name}</Table.Cell>
                                {mayEdit && (
                                  <Table.Cell>
                                    <Button
                                      size="xs"
                                      minH="11"
                                      variant="ghost"
                                      colorPalette="red"
                                      disabled={busy}
                                      aria-label={t`移除${teacher.name}（${name(teacher.subjectName, teacher.subjectNameEn)}）`}
                                      onClick={() => void removeTeacher(teacher.userId, teacher.subject)}
                                      data-testid="class-teacher-remove"
                                    >
                                      {t`移除`}
                                    </Button>
                                  </Table.Cell>
                                )}
                              </Table.Row>
                            ))}
                          </Table.Body>
                        </Table.Root>
                      )}
                      {mayEdit && (
                        <Stack gap="3" borderTopWidth="1px" pt="3">
                          <FormField label={t`科目`}>
                            <DictSelect typeCode={SUBJECT_DICT} value={subject} onChange={setSubject} minH="11" aria-label={t`科目`} testId="class-teacher-subject" />
                          </FormField>
                          <FormField label={t`教师`}>
                            <PeopleOrgRoleSelector
                              aria-label={t`教师`}
                              types={['people']}
                              multiple={false}
                              limit={1}
                              value={teacherId ? `${SELECTOR_PREFIX.people}${teacherId}` : ''}
                              onChange={(codes) => setTeacherId(parseSelectorCode(codes.split(',')[0] ?? '')?.value ?? '')}
                            />
                          </FormField>
                          <Button alignSelf="start" minH="11" colorPalette="brand" loading={busy} onClick={() => void addTeacher()} data-testid="class-teacher-add">
                            {t`添加任课教师`}
                          </Button>
                        </Stack>
                      )}
                    </>
                  )}
                </TabPanel>
              </Stack>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t`关闭`} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

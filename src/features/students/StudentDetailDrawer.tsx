import { Avatar, Badge, CloseButton, Drawer, Heading, HStack, Portal, Stack, Table, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { choiceLabel, type ResourceRow } from '../../../contracts/resource';
import { STUDENT_DETAIL_URL, students } from '../../../contracts/resources/students';
import type { StudentDetail } from '../../../contracts/students';
import { RequestError } from '../../components/RequestError';
import { TabBar, TabPanel } from '../../components/TabBar';
import { FileLinks } from '../../components/upload/FileLinks';
import { useFilePreviewUrl } from '../../components/upload/useFilePreviewUrl';
import { formatDate } from '../../lib/format';
import { post } from '../../lib/http';
import { useLocalName } from '../../lib/local-name';
import { localText } from '../../lib/locale';

type StudentRow = ResourceRow<typeof students>;
type Tab = 'basic' | 'family' | 'history' | 'scores' | 'attendance';

const detailQuery = (id: string) => ({
  queryKey: ['students', 'detail', id],
  queryFn: () => post<StudentDetail>(STUDENT_DETAIL_URL, { id }),
});

/** label：value, the separator in the message so English reads "Class: Grade 7 Class 1". */
function Line({ label, value, testId }: { label: string; value: string; testId?: string }) {
  const { t } = useLingui();
  return (
    <Text fontSize="sm" data-testid={testId}>
      <Text as="span" color="fg.muted">
        {t`${label}：`}
      </Text>
      {value || '—'}
    </Text>
  );
}

/** A small read-only table of one tab (cells wrap: the drawer is narrow on a phone). */
function SmallTable({ head, rows, empty, testId }: { head: string[]; rows: string[][]; empty: string; testId: string }) {
  if (rows.length === 0)
    return (
      <Text color="fg.muted" fontSize="sm" data-testid={testId}>
        {empty}
      </Text>
    );
  return (
    <Table.Root size="sm" data-testid={testId}>
      <Table.Header>
        <Table.Row>
          {head.map((title) => (
            <Table.ColumnHeader key={title}>{title}</Table.ColumnHeader>
          ))}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rows.map((cells, index) => (
          <Table.Row key={index}>
            {cells.map((cell, column) => (
              <Table.Cell key={column}>{cell || '—'}</Table.Cell>
            ))}
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

/** The student's 学籍异动, newest first: type, date, state, the classes, the reason and the documents (a click downloads one). */
function StatusChanges({ changes }: { changes: StudentDetail['changes'] }) {
  const { t } = useLingui();
  const name = useLocalName();
  return (
    <Stack gap="2" data-testid="student-detail-changes">
      <Heading as="h3" size="sm">
        {t`学籍异动`}
      </Heading>
      {changes.length === 0 && (
        <Text color="fg.muted" fontSize="sm">
          {t`暂无学籍异动`}
        </Text>
      )}
      {changes.map((change) => {
        const from = name(change.fromClass.name, change.fromClass.nameEn);
        const to = name(change.toClass.name, change.toClass.nameEn);
        return (
          <Stack key={change.id} gap="1" borderWidth="1px" borderRadius="md" p="2" data-testid="student-detail-change" data-id={change.id}>
            <HStack gap="2" wrap="wrap">
              <Text fontWeight="medium">{name(change.type.name, change.type.nameEn)}</Text>
              <Text fontSize="sm">{formatDate(change.effectiveDate)}</Text>
              <Badge>{name(change.stateName.name, change.stateName.nameEn)}</Badge>
            </HStack>
            {(from || to) && <Text fontSize="sm">{from && to ? t`${from} → ${to}` : from || to}</Text>}
            {change.reason && (
              <Text fontSize="sm" color="fg.muted">
                {change.reason}
              </Text>
            )}
            {change.attachments.length > 0 && <FileLinks items={change.attachments} testId="student-detail-change-file" />}
          </Stack>
        );
      })}
    </Stack>
  );
}

/** The student's photo (fetched with the token, as 学生信息's form shows it); the name's initial without one. */
function StudentPhoto({ photoFileId, name }: { photoFileId: string; name: string }) {
  const { t } = useLingui();
  const photo = useFilePreviewUrl(photoFileId, photoFileId !== '');
  return (
    <Avatar.Root size="2xl" shape="rounded" flexShrink={0} data-testid="student-detail-photo" data-has-photo={photo.url ? 'true' : 'false'}>
      <Avatar.Fallback name={name} />
      {photo.url && <Avatar.Image src={photo.url} alt={t`${name}的照片`} />}
    </Avatar.Root>
  );
}

/**
 * One student's record in tabs: 基本信息 (the list row), 家庭信息 (parents and guardians), 学籍记录 (the
 * classes over time and the status changes with their documents), 成绩 (the newest exam batches) and 考勤 (this semester's days by status).
 */
export default function StudentDetailDrawer({ row, onClose }: { row: StudentRow; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const name = useLocalName();
  const [tab, setTab] = useState<Tab>('basic');
  const query = useQuery(detailQuery(row.id));
  const text = (field: keyof typeof students.fields) => localText(students.fields[field].label, i18n.locale);
  const tabs: { key: Tab; label: string }[] = [
    { key: 'basic', label: t`基本信息` },
    { key: 'family', label: t`家庭信息` },
    { key: 'history', label: t`学籍记录` },
    { key: 'scores', label: t`成绩` },
    { key: 'attendance', label: t`考勤` },
  ];
  const markText = (mark: string) => (mark === 'absent' ? t`缺考` : mark === 'exempt' ? t`免考` : '');
  return (
    <Drawer.Root open onOpenChange={(details) => !details.open && onClose()} size={{ base: 'full', sm: 'md' }} placement="end">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="student-detail">
            <Drawer.Header>
              <HStack gap="3">
                <StudentPhoto photoFileId={row.photoFileId} name={row.name} />
                <Drawer.Title>
                  {row.name}{' '}
                  <Text as="span" fontFamily="mono" fontSize="sm" color="fg.muted">
                    {row.studentNo}
                  </Text>
                </Drawer.Title>
              </HStack>
            </Drawer.Header>
            <Drawer.Body>
              <Stack gap="4">
                <TabBar id="student-detail" tabs={tabs} current={tab} onChange={(key) => setTab(key as Tab)} label={t`学生详情`} testIdPrefix="student-detail-tab" />
                <TabPanel id="student-detail" current={tab} gap="1">
                  {tab === 'basic' && (
                    <>
                      <Line label={text('pinyin')} value={row.pinyin} />
                      <Line label={text('nameEn')} value={row.nameEn} />
                      <Line label={text('gender')} value={localText(choiceLabel(students.fields.gender, row.gender), i18n.locale)} />
                      <Line label={text('birthDate')} value={row.birthDate ? formatDate(row.birthDate) : ''} />
                      <Line label={text('nationality')} value={String(row.nationalityName || row.nationality)} />
                      <Line label={text('idType')} value={String(row.idTypeName || row.idType)} />
                      <Line label={text('idNumber')} value={row.idNumber} />
                      <Line label={text('nativePlace')} value={query.data?.places.nativePlace ?? row.nativePlace} testId="student-detail-native-place" />
                      <Line label={text('householdPlace')} value={query.data?.places.householdPlace ?? row.householdPlace} />
                      <Line label={text('campusId')} value={String(row.campusIdName)} />
                      <Line label={text('classId')} value={String(row.classIdName)} testId="student-detail-class" />
                      <Line label={text('enrolmentDate')} value={formatDate(row.enrolmentDate)} />
                      <Line label={text('status')} value={localText(choiceLabel(students.fields.status, row.status), i18n.locale)} />
                      <Line label={text('boarding')} value={localText(row.boarding ? students.fields.boarding.on! : students.fields.boarding.off!, i18n.locale)} />
                      <Line label={text('phone')} value={row.phone} />
                      <Line label={text('address')} value={row.address} />
                      <Line label={text('hasAccount')} value={localText(row.hasAccount ? students.fields.hasAccount.on! : students.fields.hasAccount.off!, i18n.locale)} />
                      <Line label={text('remark')} value={row.remark} />
                    </>
                  )}
                  {tab !== 'basic' && query.isError && <RequestError error={query.error} />}
                  {tab !== 'basic' && !query.data && !query.isError && <Text color="fg.muted">{t`加载中…`}</Text>}
                  {tab !== 'basic' &&
                    query.data &&
                    ((detail: StudentDetail) =>
                      tab === 'family' ? (
                        <SmallTable
                          testId="student-detail-family"
                          head={[t`称谓`, t`姓名`, t`联系电话`, t`家长账号`]}
                          rows={detail.family.map((person) => [name(person.relation.name, person.relation.nameEn), person.name, person.phone, person.hasAccount ? person.account : t`未开通`])}
                          empty={t`暂无家庭成员`}
                        />
                      ) : tab === 'history' ? (
                        <Stack gap="4">
                          <SmallTable
                            testId="student-detail-history"
                            head={[t`班级`, t`起始日期`, t`截止日期`, t`座号`]}
                            rows={detail.history.map((period) => [
                              name(period.className.name, period.className.nameEn),
                              formatDate(period.fromDate),
                              period.toDate ? formatDate(period.toDate) : t`至今`,
                              period.seatNo === null ? '' : String(period.seatNo),
                            ])}
                            empty={t`暂无学籍记录`}
                          />
                          <StatusChanges changes={detail.changes} />
                        </Stack>
                      ) : tab === 'scores' ? (
                        <SmallTable
                          testId="student-detail-scores"
                          head={[t`考试批次`, t`科目`, t`成绩`]}
                          rows={detail.scores.map((score) => [score.batch, name(score.subject.name, score.subject.nameEn), score.score === null ? markText(score.mark) : String(score.score)])}
                          empty={t`暂无成绩`}
                        />
                      ) : (
                        <Stack gap="2">
                          {detail.attendance.semester && (
                            <Text fontSize="sm" color="fg.muted">
                              {name(detail.attendance.semester.name, detail.attendance.semester.nameEn)}
                            </Text>
                          )}
                          <SmallTable
                            testId="student-detail-attendance"
                            head={[t`考勤状态`, t`天数`]}
                            rows={detail.attendance.counts.map((count) => [name(count.status.name, count.status.nameEn), String(count.days)])}
                            empty={t`本学期暂无考勤记录`}
                          />
                        </Stack>
                      ))(query.data)}
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

/** 学生信息 /jcsj/xsxx (xsxx) on the resource kit: its columns, the area cascaders of the two places; the rest comes from the definition. */
import { Badge, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useCallback, useState } from 'react';
import { choiceLabel, type ResourceRow } from '../../../contracts/resource';
import { students } from '../../../contracts/resources/students';
import type { ResourceScreenProps } from '../../components/resource/feature';
import type { FieldInputProps } from '../../components/resource/field-input';
import { ResourceScreen } from '../../components/resource/ResourceScreen';
import { useResourceList } from '../../components/resource/useResourceList';
import { AreaCascader } from '../../components/selector/AreaCascader';
import type { DataTableColumn, RowAction } from '../../components/table/DataTable';
import { formatDate } from '../../lib/format';
import { localText } from '../../lib/locale';

type StudentRow = ResourceRow<typeof students>;

const StudentDetailDrawer = lazy(() => import('./StudentDetailDrawer'));

/** 籍贯 and 户籍所在地: province, city, district (the stored value is the district's code). */
const areaInput = ({ value, onChange }: FieldInputProps) => <AreaCascader value={typeof value === 'string' ? value : ''} onChange={(code) => onChange(code)} />;
const INPUTS = { nativePlace: areaInput, householdPlace: areaInput };

export default function StudentsScreen({ search, onSearchChange }: ResourceScreenProps) {
  const { t, i18n } = useLingui();
  const list = useResourceList<StudentRow>(students, search, onSearchChange);
  // 入学日期 and 账号 are in the detail drawer: the list fits 1366 px in English without sideways scrolling
  const columns: DataTableColumn<StudentRow>[] = [
    { key: 'studentNo', title: list.title('studentNo'), nowrap: true, sortable: true, render: (row) => <Text fontFamily="mono">{row.studentNo}</Text> },
    { key: 'name', title: list.title('name'), nowrap: true, sortable: true, card: 'title', render: (row) => <Text fontWeight="medium">{row.name}</Text> },
    { key: 'gender', title: list.title('gender'), nowrap: true, hideBelow: 'sm', render: (row) => localText(choiceLabel(students.fields.gender, row.gender), i18n.locale) },
    { key: 'classId', title: list.title('classId'), nowrap: true, render: (row) => String(row.classIdName || '—') },
    { key: 'campusId', title: list.title('campusId'), nowrap: true, hideBelow: 'lg', render: (row) => String(row.campusIdName || '—') },
    { key: 'birthDate', title: list.title('birthDate'), nowrap: true, sortable: true, hideBelow: 'lg', render: (row) => (row.birthDate ? formatDate(row.birthDate) : '—') },
    {
      key: 'status',
      title: list.title('status'),
      nowrap: true,
      render: (row) => <Badge colorPalette={row.status === 'studying' ? 'green' : row.status === 'graduated' ? 'blue' : 'orange'}>{localText(choiceLabel(students.fields.status, row.status), i18n.locale)}</Badge>,
    },
    { key: 'boarding', title: list.title('boarding'), nowrap: true, hideBelow: 'md', render: (row) => localText(row.boarding ? students.fields.boarding.on! : students.fields.boarding.off!, i18n.locale) },
  ];
  const [detail, setDetail] = useState<StudentRow | null>(null);
  const rowActions = useCallback((row: StudentRow): RowAction[] => [{ key: 'detail', label: t`详情`, onClick: () => setDetail(row), testId: 'student-detail-open' }], [t]);
  return (
    <ResourceScreen list={list} testId="student" columns={columns} inputs={INPUTS} rowActions={rowActions}>
      {detail && (
        <Suspense fallback={null}>
          <StudentDetailDrawer row={detail} onClose={() => setDetail(null)} />
        </Suspense>
      )}
    </ResourceScreen>
  );
}

/** 班级管理 /jcsj/bjgl (bjgl) on the resource kit: its columns and the roster drawer; the rest comes from the definition. */
import { Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useCallback, useState } from 'react';
import type { ResourceRow } from '../../../contracts/resource';
import { classes } from '../../../contracts/resources/classes';
import type { ResourceScreenProps } from '../../components/resource/feature';
import { ResourceScreen } from '../../components/resource/ResourceScreen';
import { useResourceList } from '../../components/resource/useResourceList';
import type { DataTableColumn, RowAction } from '../../components/table/DataTable';
import { useFeatureCatalog } from '../../lib/feature-catalog';
import { session } from '../../lib/session';
import { classesCatalog } from './catalog';

export type ClassRow = ResourceRow<typeof classes>;

const RosterDrawer = lazy(() => import('./RosterDrawer'));

export default function ClassesScreen({ search, onSearchChange }: ResourceScreenProps) {
  const ready = useFeatureCatalog(classesCatalog);
  const { t } = useLingui();
  const list = useResourceList<ClassRow>(classes, search, onSearchChange);
  const [roster, setRoster] = useState<ClassRow | null>(null);
  const mayEdit = list.may.edit;
  // 花名册 where the server answers it (ClassesService.roster): with bjgl_edit every class, else the classes the caller leads (head teacher or deputy: the row's two people)
  const rowActions = useCallback(
    (row: ClassRow): RowAction[] => {
      const me = session.userId;
      const mayRead = mayEdit || (me !== '' && (row.headTeacherId === me || row.deputyHeadTeacherId === me));
      return [{ key: 'roster', label: t`花名册`, onClick: () => setRoster(row), testId: 'class-roster-open', hidden: !mayRead }];
    },
    [t, mayEdit],
  );
  if (!ready) return null;
  const columns: DataTableColumn<ClassRow>[] = [
    { key: 'name', title: list.title('name'), nowrap: true, sortable: true, card: 'title', render: (row) => <Text fontWeight="medium">{row.name}</Text> },
    { key: 'gradeId', title: list.title('gradeId'), nowrap: true, hideBelow: 'lg', render: (row) => String(row.gradeIdName || '—') },
    { key: 'classNo', title: list.title('classNo'), nowrap: true, sortable: true, render: (row) => <Text fontFamily="mono">{row.classNo || '—'}</Text> },
    { key: 'headTeacherId', title: list.title('headTeacherId'), nowrap: true, render: (row) => String(row.headTeacherIdName || '—') },
    { key: 'deputyHeadTeacherId', title: list.title('deputyHeadTeacherId'), nowrap: true, hideBelow: 'lg', render: (row) => String(row.deputyHeadTeacherIdName || '—') },
    { key: 'classroomId', title: list.title('classroomId'), nowrap: true, hideBelow: 'md', render: (row) => String(row.classroomIdName || '—') },
    {
      key: 'studentCount',
      title: t`人数/容纳`,
      nowrap: true,
      sortable: true,
      render: (row) => (
        <Text as="span" color={row.capacity !== null && (row.studentCount ?? 0) >= row.capacity ? 'orange.fg' : undefined} data-testid="class-fill">
          {`${row.studentCount}/${row.capacity ?? '—'}`}
        </Text>
      ),
    },
  ];
  return (
    <ResourceScreen list={list} testId="class" columns={columns} rowActions={rowActions}>
      {roster && (
        <Suspense fallback={null}>
          <RosterDrawer row={roster} mayEdit={mayEdit} onClose={() => setRoster(null)} onChanged={() => void list.refresh()} />
        </Suspense>
      )}
    </ResourceScreen>
  );
}

/** 教室管理 /xlcd/jsgl (jsgl) on the resource kit: the columns are its own, the rest comes from the definition. */
import { Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { choiceLabel, type ResourceRow } from '../../../../contracts/resource';
import { classrooms } from '../../../../contracts/resources/classrooms';
import type { ResourceScreenProps } from '../../../components/resource/feature';
import { ResourceScreen } from '../../../components/resource/ResourceScreen';
import { useResourceList } from '../../../components/resource/useResourceList';
import type { DataTableColumn } from '../../../components/table/DataTable';
import { localText } from '../../../lib/locale';

type ClassroomRow = ResourceRow<typeof classrooms>;

export default function ClassroomsScreen({ search, onSearchChange }: ResourceScreenProps) {
  const { i18n } = useLingui();
  const list = useResourceList<ClassroomRow>(classrooms, search, onSearchChange);
  const columns: DataTableColumn<ClassroomRow>[] = [
    { key: 'code', title: list.title('code'), nowrap: true, sortable: true, render: (row) => <Text fontFamily="mono">{row.code}</Text> },
    { key: 'name', title: list.title('name'), nowrap: true, sortable: true, render: (row) => <Text fontWeight="medium">{row.name}</Text> },
    { key: 'buildingId', title: list.title('buildingId'), nowrap: true, render: (row) => String(row.buildingIdName) },
    { key: 'floor', title: list.title('floor'), nowrap: true, sortable: true, align: 'end', render: (row) => row.floor },
    { key: 'category', title: list.title('category'), hideBelow: 'sm', render: (row) => String(row.categoryName || row.category) },
    { key: 'capacity', title: list.title('capacity'), nowrap: true, sortable: true, align: 'end', render: (row) => row.capacity },
    { key: 'adminId', title: list.title('adminId'), nowrap: true, hideBelow: 'md', render: (row) => String(row.adminIdName || '—') },
    { key: 'applyType', title: list.title('applyType'), hideBelow: 'lg', render: (row) => localText(choiceLabel(classrooms.fields.applyType, row.applyType), i18n.locale) },
  ];
  return <ResourceScreen list={list} testId="classroom" columns={columns} />;
}

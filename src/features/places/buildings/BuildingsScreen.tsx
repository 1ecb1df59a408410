/** 教学楼管理 /xlcd/jxlgl (jxlgl) on the resource kit: the columns are its own, the rest comes from the definition. */
import { Text } from '@chakra-ui/react';
import type { ResourceRow } from '../../../../contracts/resource';
import { buildings } from '../../../../contracts/resources/buildings';
import type { ResourceScreenProps } from '../../../components/resource/feature';
import { ResourceScreen } from '../../../components/resource/ResourceScreen';
import { useResourceList } from '../../../components/resource/useResourceList';
import type { DataTableColumn } from '../../../components/table/DataTable';

type BuildingRow = ResourceRow<typeof buildings>;

export default function BuildingsScreen({ search, onSearchChange }: ResourceScreenProps) {
  const list = useResourceList<BuildingRow>(buildings, search, onSearchChange);
  const columns: DataTableColumn<BuildingRow>[] = [
    { key: 'code', title: list.title('code'), nowrap: true, sortable: true, align: 'end', render: (row) => <Text fontFamily="mono">{row.code}</Text> },
    { key: 'name', title: list.title('name'), nowrap: true, sortable: true, render: (row) => <Text fontWeight="medium">{row.name}</Text> },
    { key: 'floors', title: list.title('floors'), nowrap: true, sortable: true, align: 'end', render: (row) => row.floors },
    { key: 'campusId', title: list.title('campusId'), nowrap: true, render: (row) => String(row.campusIdName) },
  ];
  return <ResourceScreen list={list} testId="building" columns={columns} />;
}

/** 校区管理 /jcsj/xqgl (xqgl) on the resource kit: the columns are its own, the rest comes from the definition. */
import { Text } from '@chakra-ui/react';
import type { ResourceRow } from '../../../../contracts/resource';
import { campuses } from '../../../../contracts/resources/campuses';
import type { ResourceScreenProps } from '../../../components/resource/feature';
import { ResourceScreen } from '../../../components/resource/ResourceScreen';
import { useResourceList } from '../../../components/resource/useResourceList';
import type { DataTableColumn } from '../../../components/table/DataTable';

type CampusRow = ResourceRow<typeof campuses>;

export default function CampusesScreen({ search, onSearchChange }: ResourceScreenProps) {
  const list = useResourceList<CampusRow>(campuses, search, onSearchChange);
  const columns: DataTableColumn<CampusRow>[] = [
    { key: 'code', title: list.title('code'), nowrap: true, sortable: true, render: (row) => <Text fontFamily="mono">{row.code}</Text> },
    { key: 'name', title: list.title('name'), nowrap: true, sortable: true, render: (row) => <Text fontWeight="medium">{row.name}</Text> },
    { key: 'address', title: list.title('address'), hideBelow: 'md', render: (row) => row.address || '—' },
    { key: 'sort', title: list.title('sort'), nowrap: true, sortable: true, hideBelow: 'sm', align: 'end', render: (row) => row.sort },
  ];
  return <ResourceScreen list={list} testId="campus" columns={columns} />;
}

/** A list of buildings on the resource kit (教学楼管理, 宿舍管理's 宿舍楼: contracts/resources/buildings.ts buildingResource): one set of columns for both. */
import { Text } from '@chakra-ui/react';
import type { ResourceRow } from '../../../contracts/resource';
import type { buildingResource } from '../../../contracts/resources/buildings';
import type { DataTableColumn } from '../table/DataTable';
import type { ResourceScreenProps as FeatureScreenProps } from './feature';
import { ResourceScreen } from './ResourceScreen';
import { useResourceList } from './useResourceList';

type BuildingDefinition = ReturnType<typeof buildingResource>;
type BuildingRow = ResourceRow<BuildingDefinition>;

export interface BuildingsListProps extends FeatureScreenProps {
  definition: BuildingDefinition;
  /** the test-id prefix (ResourceScreen's) */
  testId: string;
  /** h2 for a list inside a tabbed screen */
  headingAs?: 'h1' | 'h2';
}

export function BuildingsList({ definition, search, onSearchChange, testId, headingAs }: BuildingsListProps) {
  const list = useResourceList<BuildingRow>(definition, search, onSearchChange);
  const columns: DataTableColumn<BuildingRow>[] = [
    { key: 'code', title: list.title('code'), nowrap: true, sortable: true, align: 'end', render: (row) => <Text fontFamily="mono">{row.code}</Text> },
    // the name heads a phone's card
    { key: 'name', title: list.title('name'), nowrap: true, sortable: true, card: 'title', render: (row) => <Text fontWeight="medium">{row.name}</Text> },
    { key: 'floors', title: list.title('floors'), nowrap: true, sortable: true, align: 'end', render: (row) => row.floors },
    { key: 'campusId', title: list.title('campusId'), nowrap: true, render: (row) => String(row.campusIdName) },
  ];
  return <ResourceScreen list={list} testId={testId} columns={columns} headingAs={headingAs} />;
}

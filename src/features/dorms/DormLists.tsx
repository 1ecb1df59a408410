/** 宿舍管理's plain lists on the resource kit: dormitory buildings and rooms (their search kept in the tab, not the URL). */
import { Text } from "@chakra-ui/react";
import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { choiceLabel, type ResourceRow } from "../../../contracts/resource";
import { dormBuildings } from "../../../contracts/resources/dorm-buildings";
import { dormRooms } from "../../../contracts/resources/dorm-rooms";
import type { ResourceSearch } from "../../components/resource/resource-search";
import { BuildingsList } from "../../components/resource/BuildingsList";
import { ResourceScreen } from "../../components/resource/ResourceScreen";
import { useResourceList } from "../../components/resource/useResourceList";
import type { DataTableColumn } from "../../components/table/DataTable";
import { localText } from "../../lib/locale";

type RoomRow = ResourceRow<typeof dormRooms>;

export function DormBuildingsList() {
  const [search, setSearch] = useState<ResourceSearch>({});
  return (
    <BuildingsList
      definition={dormBuildings}
      search={search}
      onSearchChange={setSearch}
      testId="dorm-building"
      headingAs="h2"
    />
  );
}

export function DormRoomsList() {
  const { i18n } = useLingui();
  const [search, setSearch] = useState<ResourceSearch>({});
  const list = useResourceList<RoomRow>(dormRooms, search, setSearch);
  const columns: DataTableColumn<RoomRow>[] = [
    {
      key: "code",
      title: list.title("code"),
      nowrap: true,
      sortable: true,
      card: "title",
      render: (row) => <Text fontFamily="mono">{row.code}</Text>,
    },
    {
      key: "buildingId",
      title: list.title("buildingId"),
      nowrap: true,
      render: (row) => String(row.buildingIdName),
    },
    {
      key: "floor",
      title: list.title("floor"),
      nowrap: true,
      sortable: true,
      align: "end",
      render: (row) => row.floor,
    },
    {
      key: "totalBeds",
      title: list.title("totalBeds"),
      nowrap: true,
      sortable: true,
      align: "end",
      render: (row) => row.totalBeds,
    },
    {
      key: "validBeds",
      title: list.title("validBeds"),
      nowrap: true,
      sortable: true,
      align: "end",
      render: (row) => row.validBeds,
    },
    {
      key: "gender",
      title: list.title("gender"),
      nowrap: true,
      render: (row) =>
        localText(
          choiceLabel(dormRooms.fields.gender, row.gender),
          i18n.locale,
        ),
    },
  ];
  return (
    <ResourceScreen
      list={list}
      testId="dorm-room"
      columns={columns}
      headingAs="h2"
    />
  );
}

/**
 * 宿舍管理 /ssgl/sssz (issue 23 item 6): tab 床位分配 = occupancy per building, the boarders waiting
 * per gender, automatic allocation, the export and one building's rooms and beds (place, move, check
 * out); tabs 宿舍楼 and 宿舍房间 = the kit's lists. The tab and the building live in the URL.
 */
import { Heading, Stack } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { TabBar, TabPanel } from "../../components/TabBar";
import { AllocationBoard } from "./AllocationBoard";
import { useDormsCatalog } from "./catalog";
import { DormBuildingsList, DormRoomsList } from "./DormLists";
import type { DormsSearchParams } from "./search";

export interface DormsScreenProps {
  search: DormsSearchParams;
  onSearchChange: (next: DormsSearchParams) => void;
}

export function DormsScreen(props: DormsScreenProps) {
  return useDormsCatalog() ? <DormsScreenBody {...props} /> : null;
}

function DormsScreenBody({ search, onSearchChange }: DormsScreenProps) {
  const { t } = useLingui();
  const tab = search.tab ?? "board";
  return (
    <Stack gap="4">
      <Heading as="h1" size="lg">
        <Trans>宿舍管理</Trans>
      </Heading>
      <TabBar
        id="dorms"
        label={t`宿舍管理`}
        tabs={[
          { key: "board", label: t`床位分配` },
          { key: "buildings", label: t`宿舍楼` },
          { key: "rooms", label: t`宿舍房间` },
        ]}
        current={tab}
        onChange={(key) =>
          onSearchChange(
            key === "board"
              ? { building: search.building }
              : { tab: key as DormsSearchParams["tab"] },
          )
        }
        testIdPrefix="dorms-tab-"
      />
      <TabPanel id="dorms" current={tab}>
        {tab === "board" ? (
          <AllocationBoard
            buildingId={search.building}
            onBuildingChange={(building) => onSearchChange({ building })}
            onAddBuildings={() => onSearchChange({ tab: "buildings" })}
          />
        ) : tab === "buildings" ? (
          <DormBuildingsList />
        ) : (
          <DormRoomsList />
        )}
      </TabPanel>
    </Stack>
  );
}

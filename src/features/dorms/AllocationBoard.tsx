/** 宿舍管理's 床位分配 tab: occupancy, waiting boarders, automatic allocation, the export and one building's beds. */
import {
  Badge,
  Box,
  Button,
  Flex,
  Heading,
  HStack,
  SimpleGrid,
  Stack,
  Text,
} from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import {
  DORMS_EDIT_PERMISSION,
  dormGenderLabel,
  type DormBed,
  type DormBoardRoom,
  type DormBuildingOccupancy,
  type DormOverview,
} from "../../../contracts/dorms";
import { resourcePerms } from "../../../contracts/resource";
import { dormBuildings } from "../../../contracts/resources/dorm-buildings";
import { usePermitted } from "../../components/Permission";
import { RequestError } from "../../components/RequestError";
import type { DataTableColumn } from "../../components/table/DataTable";
import { ListTable } from "../../components/table/ListTable";
import { localText } from "../../lib/locale";
import { useLocalName } from "../../lib/local-name";
import { reportFailure } from "../../lib/report-failure";
import { dormBoardQuery, dormOverviewQuery, exportOccupancy } from "./api";
import { DormSelect } from "./DormFields";

const BedDialogs = lazy(() => import("./BedDialogs"));
const AllocateDialog = lazy(() => import("./AllocateDialog"));

/** What a bed's button opened: place someone in it, move its sleeper, or check them out. */
export type BedAction = {
  kind: "place" | "move" | "checkOut" | "history";
  room: DormBoardRoom;
  bed: DormBed;
};

export interface AllocationBoardProps {
  buildingId: string | undefined;
  onBuildingChange: (buildingId: string) => void;
  onAddBuildings: () => void;
}

export function AllocationBoard({
  buildingId,
  onBuildingChange,
  onAddBuildings,
}: AllocationBoardProps) {
  const { t, i18n } = useLingui();
  const overview = useQuery(dormOverviewQuery);
  const mayEdit = usePermitted({ anyOf: [DORMS_EDIT_PERMISSION] });
  const mayAddBuildings = usePermitted({
    anyOf: [resourcePerms(dormBuildings).add],
  });
  const [allocating, setAllocating] = useState(false);
  const [exporting, setExporting] = useState(false);
  if (overview.isError) return <RequestError error={overview.error} />;
  if (!overview.data) return null;
  const { buildings } = overview.data;
  if (buildings.length === 0)
    return (
      <Stack
        gap="3"
        borderWidth="1px"
        rounded="md"
        p="5"
        data-testid="dorms-none"
      >
        <Text fontWeight="medium">
          <Trans>本校没有宿舍楼，没有可分配的床位。</Trans>
        </Text>
        {mayAddBuildings && (
          <Box>
            <Button variant="outline" minH="11" onClick={onAddBuildings}>
              <Trans>添加宿舍楼</Trans>
            </Button>
          </Box>
        )}
      </Stack>
    );
  const current =
    buildings.find((building) => building.id === buildingId) ?? buildings[0]!;
  const runExport = async () => {
    setExporting(true);
    try {
      await exportOccupancy();
    } catch (error) {
      reportFailure(error, "error");
    } finally {
      setExporting(false);
    }
  };
  const free = (row: DormBuildingOccupancy, gender: string) =>
    row.free[gender] ?? 0;
  const columns: DataTableColumn<DormBuildingOccupancy>[] = [
    {
      key: "name",
      title: t`宿舍楼`,
      nowrap: true,
      card: "title",
      render: (row) => <Text fontWeight="medium">{row.name}</Text>,
    },
    {
      key: "rooms",
      title: t`房间数`,
      align: "end",
      render: (row) => row.rooms,
    },
    {
      key: "validBeds",
      title: t`有效床位`,
      align: "end",
      render: (row) => row.validBeds,
    },
    {
      key: "occupied",
      title: t`已入住`,
      align: "end",
      render: (row) => row.occupied,
    },
    {
      key: "freeBoys",
      title: t`男生空床位`,
      align: "end",
      render: (row) => free(row, "1"),
    },
    {
      key: "freeGirls",
      title: t`女生空床位`,
      align: "end",
      render: (row) => free(row, "2"),
    },
  ];
  return (
    <Stack gap="5">
      <Flex gap="3" align="center" wrap="wrap">
        <Heading as="h2" size="md" flex="1">
          <Trans>入住统计</Trans>
        </Heading>
        <Button
          variant="outline"
          minH="11"
          loading={exporting}
          onClick={() => void runExport()}
          data-testid="dorm-export"
        >
          <Trans>导出</Trans>
        </Button>
        {mayEdit && (
          <Button
            colorPalette="brand"
            minH="11"
            onClick={() => setAllocating(true)}
            data-testid="dorm-allocate"
          >
            <Trans>自动分配</Trans>
          </Button>
        )}
      </Flex>
      <WaitingLine waiting={overview.data.waiting} />
      <ListTable
        columns={columns}
        rows={buildings}
        rowKey={(row) => row.id}
        rowProps={() => ({ "data-testid": "dorm-occupancy-row" })}
      />
      <Stack gap="3">
        <Flex gap="3" align="end" wrap="wrap">
          <Heading as="h2" size="md" flex="1">
            <Trans>床位</Trans>
          </Heading>
<DormSelect
            label={<Trans>宿舍楼</Trans>}
            value={current.id}
            onChange={onBuildingChange}
            choices={buildings.map((building) => ({
              value: building.id,
              label: building.name,
            }))}
            placeholder={false}
            testId="dorm-board-building"
            compact
          />
        </Flex>
        <BuildingBoard
          buildingId={current.id}
          mayEdit={mayEdit}
          overview={overview.data}
        />
      </Stack>
      <Suspense fallback={null}>
        {allocating && (
          <AllocateDialog
            overview={overview.data}
            locale={i18n.locale}
            onClose={() => setAllocating(false)}
          />
        )}
      </Suspense>
    </Stack>
  );
}

/** 待分配住宿生：男生 3 人，女生 2 人 */
function WaitingLine({ waiting }: { waiting: DormOverview["waiting"] }) {
  const boys = waiting["1"] ?? 0;
  const girls = waiting["2"] ?? 0;
  const unknown = waiting[""] ?? 0;
  return (
    <Text data-testid="dorm-waiting">
      {boys + girls + unknown === 0 ? (
        <Trans>所有住宿生都已安排床位。</Trans>
      ) : unknown > 0 ? (
        <Trans>
          待分配住宿生：男生 {boys} 人，女生 {girls} 人，未登记性别 {unknown} 人
        </Trans>
      ) : (
        <Trans>
          待分配住宿生：男生 {boys} 人，女生 {girls} 人
        </Trans>
      )}
    </Text>
  );
}

function BuildingBoard({
  buildingId,
  mayEdit,
  overview,
}: {
  buildingId: string;
  mayEdit: boolean;
  overview: DormOverview;
}) {
  const { t, i18n } = useLingui();
  const localName = useLocalName();
  const board = useQuery(dormBoardQuery(buildingId));
  const [action, setAction] = useState<BedAction | null>(null);
  if (board.isError) return <RequestError error={board.error} />;
  if (!board.data) return null;
  if (board.data.rooms.length === 0)
    return (
      <Text color="fg.muted" data-testid="dorm-board-empty">
        <Trans>这栋宿舍楼还没有房间。</Trans>
      </Text>
    );
  return (
    <>
      <SimpleGrid
        as="ul"
        listStyleType="none"
        minChildWidth={{ base: "full", sm: "18rem" }}
        gap="3"
        data-testid="dorm-board"
      >
        {board.data.rooms.map((room) => {
          const occupied = room.beds.filter((bed) => bed.stay).length;
          return (
            <Box
              as="li"
              key={room.id}
              borderWidth="1px"
              rounded="md"
              p="3"
              data-testid="dorm-room-card"
              data-code={room.code}
            >
              <HStack gap="2" wrap="wrap" mb="2">
                <Heading as="h3" size="sm" fontFamily="mono">
                  {room.code}
                </Heading>
                <Badge colorPalette={room.gender === "1" ? "blue" : "pink"}>
                  {localText(dormGenderLabel(room.gender), i18n.locale)}
                </Badge>
                <Text fontSize="sm" color="fg.muted">
                  <Trans>
                    {room.floor}层 · 已住 {occupied}/{room.validBeds}
                  </Trans>
                </Text>
              </HStack>
              <Stack as="ul" listStyleType="none" gap="1">
                {room.beds.map((bed) => (
                  <HStack
                    as="li"
                    key={bed.bedNo}
                    gap="2"
                    minH="11"
                    wrap="wrap"
                    data-testid="dorm-bed"
                    data-bed={bed.bedNo}
                    data-occupied={bed.stay ? "true" : "false"}
                  >
                    <Text w="4.5rem" flexShrink={0} fontSize="sm">
                      <Trans>{bed.bedNo}号床</Trans>
                    </Text>
                    {bed.stay ? (
                      <>
                        <Box flex="1" minW="8rem">
                          <Text
                            fontWeight="medium"
                            data-testid="dorm-bed-student"
                          >
                            {bed.stay.name}
                          </Text>
                          <Text fontSize="xs" color="fg.muted">
                            {localName(
                              bed.stay.className,
                              bed.stay.classNameEn,
                            )}{" "}
                            · {bed.stay.userNo}
                          </Text>
                        </Box>
                        <HStack gap="1" wrap="wrap" ms="auto" justify="end">
                          <Button
                            size="sm"
                            minH="11"
                            variant="ghost"
                            aria-label={t`住宿记录 ${bed.stay.name}`}
                            onClick={() =>
                              setAction({ kind: "history", room, bed })
                            }
                            data-testid="dorm-bed-history"
                          >
                            <Trans>记录</Trans>
                          </Button>
                          {mayEdit && (
                            <>
                              <Button
                                size="sm"
                                minH="11"
                                variant="outline"
                                aria-label={t`调换 ${bed.stay.name}`}
                                onClick={() =>
                                  setAction({ kind: "move", room, bed })
                                }
                                data-testid="dorm-bed-move"
                              >
                                <Trans>调换</Trans>
                              </Button>
                              <Button
                                size="sm"
                                minH="11"
                                variant="outline"
                                colorPalette="red"
                                aria-label={t`退宿 ${bed.stay.name}`}
                                onClick={() =>
                                  setAction({ kind: "checkOut", room, bed })
                                }
                                data-testid="dorm-bed-checkout"
                              >
                                <Trans>退宿</Trans>
                              </Button>
                            </>
                          )}
                        </HStack>
                      </>
                    ) : bed.valid ? (
                      <>
                        <Text flex="1" color="fg.muted" fontSize="sm">
                          <Trans>空床位</Trans>
                        </Text>
                        {mayEdit && (
                          <Button
                            size="sm"
                            minH="11"
                            variant="outline"
                            colorPalette="brand"
                            aria-label={t`安排入住 ${room.code} ${bed.bedNo}号床`}
                            onClick={() =>
                              setAction({ kind: "place", room, bed })
                            }
                            data-testid="dorm-bed-place"
                          >
                            <Trans>安排入住</Trans>
                          </Button>
                        )}
                      </>
                    ) : (
                      <Text flex="1" color="fg.muted" fontSize="sm">
                        <Trans>停用</Trans>
                      </Text>
                    )}
                  </HStack>
                ))}
              </Stack>
            </Box>
          );
        })}
      </SimpleGrid>
      <Suspense fallback={null}>
        {action && (
          <BedDialogs
            action={action}
            buildingId={buildingId}
            overview={overview}
            onClose={() => setAction(null)}
          />
        )}
      </Suspense>
    </>
  );
}

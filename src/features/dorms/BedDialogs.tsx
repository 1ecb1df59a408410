/** The board's bed dialogs: place a waiting boarder (picked by name or number), move a sleeper, check out. */
import {
  Box,
  Button,
  Field,
  Input,
  Stack,
  Text,
} from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { DORM_TEXT, type DormOverview } from "../../../contracts/dorms";
import { schoolDate } from "../../../contracts/school-time";
import { QueryContent } from "../../components/QueryContent";
import { formatDate } from "../../lib/format";
import { localText } from "../../lib/locale";
import { useLocalName } from "../../lib/local-name";
import { notify } from "../../lib/notify";
import { reportFailure } from "../../lib/report-failure";
import { DEBOUNCE_MS } from "../../lib/debounce";
import type { BedAction } from "./AllocationBoard";
import {
  checkOut,
  dormBoardQuery,
  dormHistoryQuery,
  dormWaitingQuery,
  moveToBed,
  placeInBed,
  refreshDorms,
} from "./api";
import { DormDialog } from "./DormDialog";
import { DormDateField, DormSelect } from "./DormFields";

export interface BedDialogsProps {
  action: BedAction;
  buildingId: string;
  overview: DormOverview;
  onClose: () => void;
}

export default function BedDialogs(props: BedDialogsProps) {
  const { kind } = props.action;
  return kind === "place" ? (
    <PlaceDialog {...props} />
  ) : kind === "move" ? (
    <MoveDialog {...props} />
  ) : kind === "checkOut" ? (
    <CheckOutDialog {...props} />
  ) : (
    <HistoryDialog {...props} />
  );
}

/** The text as typed, once typing pauses (SPEC §9: 500 ms), so the picker asks once per pause. */
function useSettled(text: string): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return settled;
}

/** Runs a change: its words on success, the boards read again, the server's refusal as a warning (the boards read again too: someone else may have been first). */
function useChange(onClose: () => void) {
  const queryClient = useQueryClient();
  const { i18n } = useLingui();
  const [busy, setBusy] = useState(false);
  const run = async (
    work: () => Promise<unknown>,
    done: { zh: string; en: string },
  ) => {
    setBusy(true);
    try {
      await work();
      notify.success(localText(done, i18n.locale));
      onClose();
    } catch (error) {
      reportFailure(error);
    } finally {
      setBusy(false);
      void refreshDorms(queryClient);
    }
  };
  return { busy, run };
}

function PlaceDialog({ action, onClose }: BedDialogsProps) {
  const { t } = useLingui();
  const localName = useLocalName();
  const [keyword, setKeyword] = useState("");
  const [date, setDate] = useState(schoolDate());
  const searched = useSettled(keyword.trim());
  const waiting = useQuery(dormWaitingQuery(searched, action.room.gender));
  const { busy, run } = useChange(onClose);
  return (
    <DormDialog
      title={t`安排入住：${action.room.code} ${action.bed.bedNo}号床`}
      testId="dorm-place"
      onClose={onClose}
    >
      <Stack gap="3">
        <Field.Root>
          <Field.Label>
            <Trans>搜索住宿生（姓名或学号）</Trans>
          </Field.Label>
          <Input
            minH="11"
            maxLength={50}
            value={keyword}
            placeholder={t`请输入`}
            onChange={(event) => setKeyword(event.currentTarget.value)}
            data-testid="dorm-place-search"
          />
        </Field.Root>
        <DormDateField value={date} onChange={setDate} />
        <QueryContent query={waiting} empty={<Trans>没有待分配的住宿生</Trans>}>
          {(rows) => (
            <Stack as="ul" listStyleType="none" gap="1">
              {rows.map((student) => (
                <Box as="li" key={student.id}>
                  <Button
                    variant="ghost"
                    width="full"
                    minH="11"
                    justifyContent="start"
                    disabled={busy}
                    onClick={() =>
                      void run(
                        () =>
                          placeInBed({
                            studentId: student.id,
                            roomId: action.room.id,
                            bedNo: action.bed.bedNo,
                            date,
                          }),
                        DORM_TEXT.placed,
                      )
                    }
                    data-testid="dorm-place-student"
                  >
                    <Text as="span" fontWeight="medium">
                      {student.name}
                    </Text>
                    <Text as="span" fontSize="sm" color="fg.muted" truncate>
                      {localName(student.className, student.classNameEn)} ·{" "}
                      {student.userNo}
                    </Text>
                  </Button>
                </Box>
              ))}
            </Stack>
          )}
        </QueryContent>
      </Stack>
    </DormDialog>
  );
}

function MoveDialog({
  action,
  buildingId,
  overview,
  onClose,
}: BedDialogsProps) {
  const { t } = useLingui();
  const stay = action.bed.stay!;
  const [targetBuilding, setTargetBuilding] = useState(buildingId);
  const [target, setTarget] = useState("");
  const [date, setDate] = useState(schoolDate());
  const board = useQuery(dormBoardQuery(targetBuilding));
  const freeBeds = (board.data?.rooms ?? [])
    .filter((room) => room.gender === action.room.gender)
    .flatMap((room) =>
      room.beds
        .filter((bed) => bed.valid && !bed.stay)
        .map((bed) => ({
          value: `${room.id}:${bed.bedNo}`,
          label: t`${room.code} ${bed.bedNo}号床`,
        })),
    );
  const { busy, run } = useChange(onClose);
  const [roomId, bedNo] = target.split(":");
  return (
    <DormDialog
      title={t`调换床位：${stay.name}`}
      testId="dorm-move"
      onClose={onClose}
      confirm={{
        label: <Trans>调换</Trans>,
        busy,
        disabled: !target,
        onClick: () =>
          void run(
            () =>
              moveToBed({
                stayId: stay.stayId,
                roomId: roomId!,
                bedNo: Number(bedNo),
                date,
              }),
            DORM_TEXT.moved,
          ),
        testId: "dorm-move-save",
      }}
    >
      <Stack gap="3">
        <Text>
          <Trans>
            现住：{action.room.code} {action.bed.bedNo}号床
          </Trans>
        </Text>
        <DormSelect
          label={<Trans>宿舍楼</Trans>}
          value={targetBuilding}
          onChange={(value) => (setTargetBuilding(value), setTarget(""))}
          choices={overview.buildings.map((building) => ({
            value: building.id,
            label: building.name,
          }))}
          placeholder={false}
        />
        <DormSelect
          label={<Trans>新床位</Trans>}
          value={target}
          onChange={setTarget}
          choices={freeBeds}
          placeholder={
            freeBeds.length === 0 ? t`这栋楼没有同性别的空床位` : t`请选择`
          }
          testId="dorm-move-target"
        />
        <DormDateField value={date} onChange={setDate} />
      </Stack>
    </DormDialog>
  );
}

function CheckOutDialog({ action, onClose }: BedDialogsProps) {
  const { t } = useLingui();
  const stay = action.bed.stay!;
  const [date, setDate] = useState(schoolDate());
  const { busy, run } = useChange(onClose);
  return (
    <DormDialog
      title={t`退宿：${stay.name}`}
      testId="dorm-checkout"
      onClose={onClose}
      confirm={{
        label: <Trans>退宿</Trans>,
        busy,
        danger: true,
        onClick: () =>
          void run(
            () => checkOut({ stayId: stay.stayId, date }),
            DORM_TEXT.checkedOut,
          ),
        testId: "dorm-checkout-save",
      }}
    >
      <Stack gap="3">
        <Text>
          <Trans>
            {stay.name}（{stay.userNo}）将于所选日期退出 {action.room.code}{" "}
            {action.bed.bedNo}号床，住宿记录会保留。
          </Trans>
        </Text>
        <DormDateField value={date} onChange={setDate} />
      </Stack>
    </DormDialog>
  );
}

/** A student's stays, newest first: where and from when to when, and why each ended. */
function HistoryDialog({ action, onClose }: BedDialogsProps) {
  const { t } = useLingui();
  const stay = action.bed.stay!;
  const history = useQuery(dormHistoryQuery(stay.id));
  const reason = (code: string | null) =>
    code === "move"
      ? t`调换`
      : code === "checkout"
        ? t`退宿`
        : code === "release"
          ? t`学籍异动`
          : "";
  return (
    <DormDialog
      title={t`住宿记录：${stay.name}`}
      testId="dorm-history"
      onClose={onClose}
    >
      <QueryContent query={history} empty={<Trans>暂无住宿记录</Trans>}>
        {(rows) => (
          <Stack as="ol" listStyleType="none" gap="2">
            {rows.map((row) => (
              <Stack
                as="li"
                key={row.id}
                gap="0.5"
                py="1.5"
                borderBottomWidth="1px"
                borderColor="border.muted"
                data-testid="dorm-history-row"
              >
                <Text fontWeight="medium">
                  <Trans>
                    {row.buildingName} {row.roomCode} {row.bedNo}号床
                  </Trans>
                </Text>
                <Text fontSize="sm" color="fg.muted">
                  {row.toDate ? (
                    <Trans>
                      {formatDate(row.fromDate)} 至 {formatDate(row.toDate)}（
                      {reason(row.endReason)}）
                    </Trans>
                  ) : (
                    <Trans>{formatDate(row.fromDate)} 起，现住</Trans>
                  )}
                </Text>
              </Stack>
            ))}
          </Stack>
        )}
      </QueryContent>
    </DormDialog>
  );
}

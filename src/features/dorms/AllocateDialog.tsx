/** 自动分配: every waiting boarder (of a grade) into free beds (of a building) by gender, classmates together; then who could not be placed and the shortage per gender. */
import { Button, Stack, Text } from "@chakra-ui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import {
  DORM_TEXT,
  dormGenderLabel,
  type DormAllocation,
  type DormOverview,
  type DormStudent,
} from "../../../contracts/dorms";
import { schoolDate } from "../../../contracts/school-time";
import type { DataTableColumn } from "../../components/table/DataTable";
import { ListTable } from "../../components/table/ListTable";
import { localText } from "../../lib/locale";
import { useLocalName } from "../../lib/local-name";
import { notify } from "../../lib/notify";
import { reportFailure } from "../../lib/report-failure";
import { allocate, refreshDorms } from "./api";
import { DormDialog } from "./DormDialog";
import { DormDateField, DormSelect } from "./DormFields";

export interface AllocateDialogProps {
  overview: DormOverview;
  locale: string;
  onClose: () => void;
}

type Shortage = DormAllocation["shortages"][number];

export default function AllocateDialog({
  overview,
  locale,
  onClose,
}: AllocateDialogProps) {
  const { t } = useLingui();
  const localName = useLocalName();
  const queryClient = useQueryClient();
  const [gradeId, setGradeId] = useState("");
  const [buildingId, setBuildingId] = useState("");
  const [date, setDate] = useState(schoolDate());
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<DormAllocation | null>(null);
  const gender = (code: string | null) =>
    code ? localText(dormGenderLabel(code), locale) : t`未登记`;

  const start = async () => {
    setBusy(true);
    try {
      const answer = await allocate({ gradeId, buildingId, date });
      setResult(answer);
      const words =
        answer.unplaced.length > 0
          ? DORM_TEXT.someUnplaced(answer.unplaced.length)
          : answer.placed > 0
            ? DORM_TEXT.allocated(answer.placed)
            : DORM_TEXT.nothingToAllocate;
      (answer.unplaced.length > 0 ? notify.warning : notify.success)(
        localText(words, locale),
      );
    } catch (error) {
      reportFailure(error);
    } finally {
      setBusy(false);
      void refreshDorms(queryClient);
    }
  };

  const shortageColumns: DataTableColumn<Shortage>[] = [
    {
      key: "gender",
      title: t`性别`,
      card: "title",
      render: (row) => gender(row.gender),
    },
    {
      key: "waiting",
      title: t`待分配`,
      align: "end",
      render: (row) => row.waiting,
    },
    {
      key: "freeBeds",
      title: t`空床位`,
      align: "end",
      render: (row) => row.freeBeds,
    },
    {
      key: "short",
      title: t`床位缺口`,
      align: "end",
      render: (row) => (
        <Text color={row.short > 0 ? "fg.error" : undefined}>{row.short}</Text>
      ),
    },
  ];
  const unplacedColumns: DataTableColumn<DormStudent>[] = [
    { key: "name", title: t`姓名`, card: "title", render: (row) => row.name },
    { key: "userNo", title: t`学号`, render: (row) => row.userNo },
    {
      key: "className",
      title: t`班级`,
      render: (row) => localName(row.className, row.classNameEn),
    },
    { key: "gender", title: t`性别`, render: (row) => gender(row.gender) },
  ];

  return (
    <DormDialog
      title={t`自动分配`}
      testId="dorm-allocate-dialog"
      onClose={onClose}
      confirm={
        result
          ? undefined
          : {
              label: <Trans>开始分配</Trans>,
              busy,
              onClick: () => void start(),
              testId: "dorm-allocate-start",
            }
      }
      footer={
        result && (
          <Button minH="11" onClick={onClose}>
            <Trans>关闭</Trans>
          </Button>
        )
      }
    >
      {result ? (
        <Stack gap="4" data-testid="dorm-allocate-result">
          <Text fontWeight="medium" data-testid="dorm-allocate-summary">
            <Trans>
              已安排 {result.placed} 人，未能安排 {result.unplaced.length} 人。
            </Trans>
          </Text>
          {result.shortages.length > 0 && (
            <ListTable
              columns={shortageColumns}
              rows={result.shortages}
              rowKey={(row) => row.gender}
              rowProps={() => ({ "data-testid": "dorm-shortage" })}
            />
          )}
          {result.unplaced.length > 0 && (
            <Stack gap="2">
              <Text fontWeight="medium">
                {localText(
                  DORM_TEXT.someUnplaced(result.unplaced.length),
                  locale,
                )}
              </Text>
              <ListTable
                columns={unplacedColumns}
                rows={result.unplaced}
                rowKey={(row) => row.id}
                rowProps={() => ({ "data-testid": "dorm-unplaced" })}
              />
            </Stack>
          )}
        </Stack>
      ) : (
        <Stack gap="3">
          <Text color="fg.muted" fontSize="sm">
            <Trans>
              按性别把待分配的住宿生安排到空床位，同班同学尽量住在一起；年级低的先安排。
            </Trans>
          </Text>
          <DormSelect
            label={<Trans>年级</Trans>}
            value={gradeId}
            onChange={setGradeId}
            choices={overview.grades.map((grade) => ({
              value: grade.id,
              label: localName(grade.name, grade.nameEn),
            }))}
            placeholder={t`全部年级`}
            testId="dorm-allocate-grade"
          />
          <DormSelect
            label={<Trans>宿舍楼</Trans>}
            value={buildingId}
            onChange={setBuildingId}
            choices={overview.buildings.map((building) => ({
              value: building.id,
              label: building.name,
            }))}
            placeholder={t`全部宿舍楼`}
            testId="dorm-allocate-building"
          />
          <DormDateField
            label={<Trans>入住日期</Trans>}
            value={date}
            onChange={setDate}
            testId="dorm-allocate-date"
          />
        </Stack>
      )}
    </DormDialog>
  );
}

import { Box, Button, Flex, Table, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import type { ScoreImportResult, ScoreImportRowError, ScoreSheet } from '../../../contracts/scores';
import { ImportButton, type ImportFailure } from '../../components/upload/ImportButton';
import { IMPORT_URL, scoreKeys, TEMPLATE_URL } from './api';
import { SCORES_IMPORT_PERMISSION } from '../../../contracts/score-rules';

const rowErrorsOf = (data: unknown): ScoreImportRowError[] => {
  const errors = (data as Partial<ScoreImportResult> | null | undefined)?.errors;
  return Array.isArray(errors) ? errors : [];
};

/**
 * Import of a sheet from its template (cjlr_import) through the shared ImportButton (template download,
 * one .xlsx: the server cannot read the old binary .xls, so it is refused here already; the SPEC §5 checks). Any invalid row → nothing written: the server's per-row errors
 * (`data.errors` of the refusal) are handed to the screen's table and the popover closes.
 */
export function ScoreImport({ sheet, onErrors }: { sheet: ScoreSheet; onErrors: (errors: ScoreImportRowError[]) => void }) {
  const queryClient = useQueryClient();
  const params = { batchId: sheet.batch.id, classId: sheet.classId, subject: sheet.subject };

  const imported = () => {
    onErrors([]);
    void queryClient.invalidateQueries({ queryKey: scoreKeys.sheet(sheet.batch.id, sheet.classId, sheet.subject) });
  };
  const failed = (failure: ImportFailure) => {
    const errors = rowErrorsOf(failure.data);
    onErrors(errors);
    return errors.length > 0;
  };

  return (
    <ImportButton
      url={IMPORT_URL}
      permission={SCORES_IMPORT_PERMISSION}
      templateUrl={TEMPLATE_URL}
      templateParams={params}
      data={params}
      accept=".xlsx"
      placement="bottom-end"
      testId="score-import"
      hint={<Trans>按模板填写成绩（缺考填“缺考”，免考填“免考”）；任何一行有错误时不写入任何成绩</Trans>}
      onImported={imported}
      onFailed={failed}
    />
  );
}

/** The rows a refused import named, with their messages. */
export function ImportErrors({ errors, onClose }: { errors: ScoreImportRowError[]; onClose: () => void }) {
  return (
    <Box w="full" borderWidth="1px" borderColor="border.error" borderRadius="l2" p="2" role="alert" data-testid="score-import-errors">
      <Flex align="center" mb="1">
        <Text fontSize="sm" color="fg.error" flex="1">
          <Trans>导入失败：以下行有错误，没有写入任何成绩</Trans>
        </Text>
        <Button size="xs" variant="ghost" onClick={onClose}>
          <Trans>关闭</Trans>
        </Button>
      </Flex>
      <Table.Root size="sm">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>
              <Trans>行</Trans>
            </Table.ColumnHeader>
            <Table.ColumnHeader>
              <Trans>学号</Trans>
            </Table.ColumnHeader>
            <Table.ColumnHeader>
              <Trans>错误</Trans>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {errors.map((error, index) => (
            <Table.Row key={`${error.row}:${index}`} data-testid="score-import-error">
              <Table.Cell>{error.row}</Table.Cell>
              <Table.Cell>{error.studentNo}</Table.Cell>
              <Table.Cell>{error.message}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

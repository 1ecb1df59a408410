import { Box, Button, chakra, Flex, Popover, Portal, Stack, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { IMPORT_ACCEPT, UPLOAD_COUNT_LIMITS, UPLOAD_PROFILES } from '../../../contracts/files';
import type { ScoreImportResult, ScoreImportRowError, ScoreSheet } from '../../../contracts/scores';
import { usePermitted } from '../../components/Permission';
import { downloadFile } from '../../lib/download';
import { HttpError, postMultipart } from '../../lib/http';
import { notify } from '../../lib/notify';
import { checkUploadFiles } from '../../lib/upload-rules';
import { IMPORT_URL, scoreKeys, TEMPLATE_URL } from './api';
import { SCORES_IMPORT_PERMISSION } from './codes';

const rowErrorsOf = (data: unknown): ScoreImportRowError[] => {
  const errors = (data as Partial<ScoreImportResult> | null)?.errors;
  return Array.isArray(errors) ? errors : [];
};

/**
 * Import of a sheet from its template (cjlr_import): the import popover of the shared ImportButton
 * (template download, one .xlsx/.xls, the SPEC §5 checks), here with the server's per-row errors
 * kept: any invalid row → nothing written, the rows listed in a table. (ImportButton shows only the
 * msg of a refused import.)
 */
export function ScoreImport({ sheet, onErrors }: { sheet: ScoreSheet; onErrors: (errors: ScoreImportRowError[]) => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const permitted = usePermitted({ anyOf: [SCORES_IMPORT_PERMISSION] });
  const [open, setOpen] = useState(false);
  const [loading, setLoading] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  if (!permitted) return null;
  const params = { batchId: sheet.batch.id, classId: sheet.classId, subject: sheet.subject };

  const upload = async (files: File[]) => {
    if (files.length === 0) return;
    const problem = checkUploadFiles(files, { accept: IMPORT_ACCEPT, maxSizeKB: UPLOAD_PROFILES.import.maxKB, limit: UPLOAD_COUNT_LIMITS.import }, 'import');
    if (problem) {
      notify.warning(problem);
      return;
    }
    setLoading(true);
    onErrors([]);
    try {
      const form = new FormData();
      for (const [key, value] of Object.entries(params)) form.append(key, value);
      form.append('file', files[0], files[0].name);
      const answer = await postMultipart<ScoreImportResult>(IMPORT_URL, form);
      notify.success(answer.msg || t`导入成功`);
      setOpen(false);
      await queryClient.invalidateQueries({ queryKey: scoreKeys.sheet(sheet.batch.id, sheet.classId, sheet.subject) });
    } catch (error) {
      if (error instanceof HttpError) {
        const errors = rowErrorsOf(error.data);
        onErrors(errors);
        if (errors.length > 0) setOpen(false);
        if (error.kind === 'failure') notify.warning(error.msg);
      }
    } finally {
      setLoading(false);
    }
  };

  return (
    <Popover.Root open={open} onOpenChange={(details) => setOpen(details.open)} positioning={{ placement: 'bottom-end' }} lazyMount unmountOnExit>
      <Popover.Trigger asChild>
        <Button size="sm" minH="10" colorPalette="brand" variant="outline" data-testid="score-import">
          <Trans>导入</Trans>
        </Button>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content width={{ base: 'calc(100vw - 16px)', sm: '80' }}>
            <Popover.Body>
              <Stack gap="3">
                <Button size="sm" variant="ghost" colorPalette="brand" onClick={() => void downloadFile(TEMPLATE_URL, { params }).catch(() => undefined)}>
                  <Trans>下载模板</Trans>
                </Button>
                <chakra.input
                  ref={input}
                  type="file"
                  display="none"
                  data-testid="import-input"
                  accept={IMPORT_ACCEPT}
                  onChange={(event) => {
                    const files = Array.from(event.target.files ?? []);
                    event.target.value = '';
                    void upload(files);
                  }}
                />
                <Button size="sm" minH="10" colorPalette="brand" loading={loading} onClick={() => input.current?.click()}>
                  <Trans>选择文件并上传</Trans>
                </Button>
                <Text fontSize="sm" color="fg.muted">
                  <Trans>按模板填写成绩（缺考填“缺考”，免考填“免考”）；任何一行有错误时不写入任何成绩</Trans>
                </Text>
              </Stack>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
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

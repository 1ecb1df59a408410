import { Alert, Box, Button, chakra, CloseButton, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import { IMPORT_ACCEPT } from '../../../contracts/file-constants';
import { RESOURCE_IMPORT_LIMITS, resourceUrls, type AnyResourceDefinition } from '../../../contracts/resource';
import { downloadFile } from '../../lib/download';
import { HttpError, postMultipart } from '../../lib/http';
import { localText } from '../../lib/locale';
import { notify } from '../../lib/notify';
import { reportFailure } from '../../lib/report-failure';
import { checkUploadFiles } from '../../lib/upload-rules';
import { usePermitted } from '../Permission';
import type { DataTableColumn } from '../table/DataTable';
import { ListTable } from '../table/ListTable';

export interface ResourceImportProps {
  definition: AnyResourceDefinition;
  /** the permission that shows the button (the definition's import permission, or add) */
  permission: string;
  /** after a successful import: read the list again */
  onImported: () => void;
}

/** One problem of the file: its spreadsheet row (header = 1), the field ('' the file) and the words. */
export interface ImportIssue {
  row: number;
  field: string;
  message: string;
}

/** `<path>/import/check`: what applying would do, and every problem; nothing is written. */
interface CheckAnswer {
  total: number;
  added: number;
  updated: number;
  issues: ImportIssue[];
}

type Stage = { kind: 'choose' } | { kind: 'sending'; step: 'check' | 'apply'; file: File; progress: number } | { kind: 'checked'; file: File; answer: CheckAnswer };

const issuesOf = (data: unknown): ImportIssue[] | null => {
  const issues = (data as { issues?: unknown } | null)?.issues;
  return Array.isArray(issues) && issues.every((issue) => typeof (issue as ImportIssue)?.row === 'number') ? (issues as ImportIssue[]) : null;
};

/**
 * 导入 of a kit screen (issue 19 item 4): a dialog to download the template, choose a file (SPEC §5
 * checks before sending), upload it to the dry run with its progress, then see what it would do:
 * 新增 n 条，更新 m 条, or every problem by row and column with no way to apply. Without problems,
 * 导入 sends the same file to apply (all or nothing), closes, says the server's msg and calls onImported.
 */
export function ResourceImport({ definition, permission, onImported }: ResourceImportProps) {
  const { t, i18n } = useLingui();
  const permitted = usePermitted({ anyOf: [permission] });
  const [open, setOpen] = useState(false);
  const [stage, setStage] = useState<Stage>({ kind: 'choose' });
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const urls = resourceUrls(definition);
  const title = localText(definition.title, i18n.locale);
  if (!permitted) return null;

  const busy = stage.kind === 'sending';
  const close = () => {
    if (busy) return;
    setOpen(false);
    setStage({ kind: 'choose' });
    setProblem(null);
  };

  const send = async <T,>(step: 'check' | 'apply', file: File) => {
    setStage({ kind: 'sending', step, file, progress: 0 });
    const form = new FormData();
    form.append('file', file, file.name);
    return postMultipart<T>(step === 'check' ? urls.importCheck : urls.importApply, form, {
      onUploadProgress: (fraction) => setStage((now) => (now.kind === 'sending' ? { ...now, progress: fraction } : now)),
    });
  };

  /** A refusal: its issues in the table when it has some, else its msg at the top of the dialog. */
  const refused = (error: unknown, file: File) => {
    const issues = error instanceof HttpError ? issuesOf(error.data) : null;
    if (issues && issues.length > 0) {
      setStage({
        kind: 'checked',
        file,
        answer: { total: 0, added: 0, updated: 0, issues },
      });
      return;
    }
    setStage({ kind: 'choose' });
    if (error instanceof HttpError && error.kind === 'failure') setProblem(error.msg);
    else reportFailure(error);
  };

  const check = async (files: File[]) => {
    if (files.length === 0) return;
    setProblem(null);
    const rejected = checkUploadFiles(
      files,
      {
        accept: IMPORT_ACCEPT,
        maxSizeKB: RESOURCE_IMPORT_LIMITS.maxKB,
        limit: 1,
      },
      'import',
    );
    if (rejected) {
      setProblem(rejected);
      return;
    }
    const [file] = files;
    try {
      const answer = await send<CheckAnswer>('check', file);
      setStage({ kind: 'checked', file, answer: answer.data });
    } catch (error) {
      refused(error, file);
    }
  };

  const apply = async (file: File) => {
    try {
      const answer = await send<{ added: number; updated: number }>('apply', file);
      notify.success(answer.msg || t`导入成功`);
      setOpen(false);
      setStage({ kind: 'choose' });
      onImported();
    } catch (error) {
      refused(error, file);
    }
  };

  const columnName = (field: string) => {
    const label = definition.fields[field]?.label;
    return label ? localText(label, i18n.locale) : t`整个文件`;
  };
  const issueColumns: DataTableColumn<ImportIssue>[] = [
    {
      key: 'row',
      title: t`行号`,
      width: '20',
      render: (issue) => issue.row,
      nowrap: true,
    },
    {
      key: 'field',
      title: t`列`,
      width: '32',
      render: (issue) => (
        <Box whiteSpace="normal" overflowWrap="anywhere">
          {columnName(issue.field)}
        </Box>
      ),
    },
    { key: 'message', title: t`问题`, render: (issue) => (
        // long messages wrap: at 390 px the table must not scroll sideways
        <Box whiteSpace="normal" overflowWrap="anywhere">
          {issue.message}
        </Box>
      ) },
  ];

  const checked = stage.kind === 'checked' ? stage : null;
  const issues = checked?.answer.issues ?? [];
  const percent = stage.kind === 'sending' ? Math.round(stage.progress * 100) : 0;
  const issueCount = issues.length;
  const { total, added, updated } = checked?.answer ?? {
    total: 0,
    added: 0,
    updated: 0,
  };
  const { maxRows } = RESOURCE_IMPORT_LIMITS;
  const maxMB = RESOURCE_IMPORT_LIMITS.maxKB / 1024;

  return (
    <>
      <Button size="sm" minH="10" colorPalette="brand" variant="outline" data-testid="resource-import" onClick={() => setOpen(true)}>
        <Trans>导入</Trans>
      </Button>
      <Dialog.Root
        open={open}
        onOpenChange={(details) => !details.open && close()}
        size={{ base: 'full', sm: 'lg' }}
        placement="center"
        scrollBehavior="inside"
        closeOnInteractOutside={false}
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content data-testid="resource-import-dialog">
              <Dialog.Header>
                <Dialog.Title>
                  <Trans>导入{title}</Trans>
                </Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Box>
                    <Button
                      size="sm"
                      minH="10"
                      variant="ghost"
                      colorPalette="brand"
                      data-testid="resource-import-template"
                      onClick={() => void downloadFile(urls.template).catch(reportFailure)}
                    >
                      <Trans>下载模板</Trans>
                    </Button>
                    <Text fontSize="sm" color="fg.muted">
                      <Trans>
                        请使用下载的模板填写，只能上传{IMPORT_ACCEPT}
                        类型的文件，最多{maxRows}行数据，不超过{maxMB}
                        MB。有任何错误时不导入任何数据。
                      </Trans>
                    </Text>
                  </Box>
                  <Box>
                    <chakra.input
                      ref={input}
                      type="file"
                      display="none"
                      accept={IMPORT_ACCEPT}
                      aria-label={t`选择导入文件`}
                      data-testid="resource-import-input"
                      onChange={(event) => {
                        const files = Array.from(event.target.files ?? []);
                        event.target.value = '';
                        void check(files);
                      }}
                    />
                    <Button size="sm" minH="10" colorPalette="brand" variant={checked ? 'outline' : 'solid'} disabled={busy} onClick={() => input.current?.click()}>
                      {checked ? <Trans>重新选择文件</Trans> : <Trans>选择文件</Trans>}
                    </Button>
                  </Box>
                  {problem && (
                    <Alert.Root status="warning" data-testid="resource-import-problem">
                      <Alert.Indicator />
                      <Alert.Title>{problem}</Alert.Title>
                    </Alert.Root>
                  )}
                  {stage.kind === 'sending' && (
                    <Stack gap="1" data-testid="resource-import-progress">
                      <Text fontSize="sm" wordBreak="break-all">
                        {stage.file.name}
                      </Text>
                      <chakra.progress value={percent} max={100} width="full" height="2" aria-label={stage.step === 'check' ? t`上传并检查的进度` : t`上传并导入的进度`} />
                      <Text fontSize="sm" color="fg.muted" role="status">
                        {percent < 100 ? <Trans>正在上传 {percent}%</Trans> : stage.step === 'check' ? <Trans>正在检查…</Trans> : <Trans>正在导入…</Trans>}
                      </Text>
                    </Stack>
                  )}
                  {checked && (
                    <Stack gap="3" data-testid="resource-import-result">
                      <Text fontSize="sm" wordBreak="break-all">
                        {checked.file.name}
                      </Text>
                      {issues.length === 0 ? (
                        <Text role="status" data-testid="resource-import-counts">
                          <Trans>
                            共{total}条：新增{added}条，更新{updated}条
                          </Trans>
                        </Text>
                      ) : (
                        <>
                          <Alert.Root status="error" data-testid="resource-import-issues-summary">
                            <Alert.Indicator />
                            <Alert.Title>
                              <Trans>
                                发现{issueCount}
                                个问题，未导入任何数据。请修改文件后重新选择。
                              </Trans>
                            </Alert.Title>
                          </Alert.Root>
                          {/* its own scroll box: a scrolling region must take the keyboard focus (DataTable's maxHeight area does not) */}
                          <Box role="region" aria-label={t`问题列表`} tabIndex={0} maxH="50vh" overflowY="auto" data-testid="resource-import-issues">
                            <ListTable columns={issueColumns} rows={issues} rowKey={(issue) => `${issue.row}-${issue.field}-${issue.message}`} />
                          </Box>
                        </>
                      )}
                    </Stack>
                  )}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" minW="20" disabled={busy} onClick={close}>
                  <Trans>取消</Trans>
                </Button>
                {checked && issues.length === 0 && (
                  <Button colorPalette="brand" minW="20" data-testid="resource-import-apply" onClick={() => void apply(checked.file)}>
                    <Trans>导入</Trans>
                  </Button>
                )}
                {stage.kind === 'sending' && stage.step === 'apply' && (
                  <Button colorPalette="brand" minW="20" loading>
                    <Trans>导入</Trans>
                  </Button>
                )}
              </Dialog.Footer>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={t`关闭`} disabled={busy} />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  );
}

export default ResourceImport;

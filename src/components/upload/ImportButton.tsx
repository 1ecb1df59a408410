import { Button, chakra, Popover, Portal, Stack, Text } from '@chakra-ui/react';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useRef, useState, type ReactNode } from 'react';
import { IMPORT_ACCEPT, UPLOAD_COUNT_LIMITS, UPLOAD_PROFILES } from '../../../contracts/file-constants';
import type { Envelope } from '../../../contracts/envelope';
import { downloadFile } from '../../lib/download';
import { postMultipart, HttpError, type FieldValue, type HttpErrorKind } from '../../lib/http';
import { notify } from '../../lib/notify';
import { checkUploadFiles } from '../../lib/upload-rules';
import { usePermitted } from '../Permission';

const typesHint = (types: string) => t`只能上传${types}类型的文件`;

/** A refused import as the widget received it: the envelope's code, msg and data (e.g. per-row errors). */
export interface ImportFailure {
  code: number;
  msg: string;
  data: unknown;
  /** 'failure': the server refused (already warned with msg); 'network': no answer; 'expired': the login prompt is open */
  kind: HttpErrorKind;
}

export interface ImportButtonProps {
  /** where the file is posted (multipart field `file`, with the token) */
  url: string;
  /** template download (GET with query) */
  templateUrl?: string;
  templateParams?: Record<string, FieldValue>;
  templateName?: string;
  /** the named permission that shows the button (SPEC §6) */
  permission?: string;
  /** an async pre-check that must succeed (resolve, not false) before the popover opens */
  beforeOpen?: () => Promise<boolean | void> | boolean | void;
  /** default .xlsx,.xls */
  accept?: string;
  /** default 1 file per import */
  limit?: number;
  /** KB; default the import profile's */
  maxSizeKB?: number;
  /** extra multipart fields */
  data?: Record<string, string>;
  /** default 导入 */
  children?: ReactNode;
  /** close the popover after an upload (default true) */
  closeAfterUpload?: boolean;
  disabled?: boolean;
  /** the popover's line under the upload button; default 只能上传{accept}类型的文件 */
  hint?: ReactNode;
  /** popover placement (default bottom-start; bottom-end for a button at the right edge) */
  placement?: 'bottom-start' | 'bottom-end';
  /** data-testid of the button */
  testId?: string;
  onImported?: (answer: Envelope<unknown>) => void;
  /**
   * A refused or failed upload, with the envelope's data (the widget itself shows only msg). Return
   * true when the screen shows the failure itself: the popover then closes.
   */
  onFailed?: (failure: ImportFailure) => boolean | void;
}

/**
 * Import (SPEC §4, §5, §7): opens a popover (after the optional pre-check) with the template download
 * and the file choice; the file is checked, uploaded with the token, the result msg shown, and the
 * popover closes by default. A refusal's data (e.g. per-row errors) reaches the screen through onFailed.
 */
export function ImportButton({
  url,
  templateUrl,
  templateParams,
  templateName,
  permission,
  beforeOpen,
  accept = IMPORT_ACCEPT,
  limit = UPLOAD_COUNT_LIMITS.import,
  maxSizeKB = UPLOAD_PROFILES.import.maxKB,
  data,
  children,
  closeAfterUpload = true,
  disabled,
  hint,
  placement = 'bottom-start',
  testId,
  onImported,
  onFailed,
}: ImportButtonProps) {
  const permitted = usePermitted(permission ? { anyOf: [permission] } : undefined);
  const [open, setOpen] = useState(false);
  const [checking, setChecking] = useState(false);
  const [state, setState] = useState<'idle' | 'loading'>('idle');
  const [result, setResult] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  if (!permitted) return null;

  const tryOpen = async () => {
    if (open) {
      setOpen(false);
      return;
    }
    if (beforeOpen) {
      setChecking(true);
      try {
        if ((await beforeOpen()) === false) return;
      } catch {
        return;
      } finally {
        setChecking(false);
      }
    }
    setResult(null);
    setOpen(true);
  };

  const upload = async (files: File[]) => {
    if (files.length === 0) return;
    const problem = checkUploadFiles(files, { accept, maxSizeKB, limit }, 'import');
    if (problem) {
      notify.warning(problem);
      return;
    }
    setState('loading');
    try {
      const form = new FormData();
      for (const [key, value] of Object.entries(data ?? {})) form.append(key, value);
      for (const file of files) form.append('file', file, file.name);
      const answer = await postMultipart<unknown>(url, form);
      setResult(answer.msg || t`导入成功`);
      notify.success(answer.msg || t`导入成功`);
      onImported?.(answer);
      if (closeAfterUpload) setOpen(false);
    } catch (error) {
      if (error instanceof HttpError) {
        setResult(error.msg);
        if (error.kind === 'failure') notify.warning(error.msg);
        if (onFailed?.({ code: error.code, msg: error.msg, data: error.data, kind: error.kind }) === true) setOpen(false);
      }
    } finally {
      setState('idle');
    }
  };

  return (
    <Popover.Root open={open} onOpenChange={(details) => !details.open && setOpen(false)} positioning={{ placement }} lazyMount unmountOnExit>
      <Popover.Trigger asChild>
        <Button size="sm" minH="10" colorPalette="brand" variant="outline" disabled={disabled} loading={checking} data-testid={testId} onClick={() => void tryOpen()}>
          {children ?? <Trans>导入</Trans>}
        </Button>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content width={{ base: 'calc(100vw - 16px)', sm: '80' }}>
            <Popover.Body>
              <Stack gap="3">
                {templateUrl && (
                  <Button
                    size="sm"
                    variant="ghost"
                    colorPalette="brand"
                    onClick={() => void downloadFile(templateUrl, { params: templateParams, fileName: templateName }).catch(() => undefined)}
                  >
                    <Trans>下载模板</Trans>
                  </Button>
                )}
                <chakra.input
                  ref={input}
                  type="file"
                  display="none"
                  data-testid="import-input"
                  accept={accept}
                  multiple={limit !== 1}
                  onChange={(event) => {
                    const files = Array.from(event.target.files ?? []);
                    event.target.value = '';
                    void upload(files);
                  }}
                />
                <Button size="sm" minH="10" colorPalette="brand" loading={state === 'loading'} onClick={() => input.current?.click()}>
                  <Trans>选择文件并上传</Trans>
                </Button>
                <Text fontSize="sm" color="fg.muted">
                  {hint ?? typesHint(accept)}
                </Text>
                {result && (
                  <Text fontSize="sm" role="status">
                    {result}
                  </Text>
                )}
              </Stack>
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}

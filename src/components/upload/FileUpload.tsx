import { Button, chakra, Flex, IconButton, Stack, Text } from '@chakra-ui/react';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useRef, type ReactNode } from 'react';
import { downloadFile } from '../../lib/download';
import { fileDownloadPath, getFiles } from '../../lib/files';
import { ConfirmDialog } from '../ConfirmDialog';
import { useRemoveFile } from './useRemoveFile';
import { useUploader, type UploaderOptions } from './useUploader';

export interface FileUploadProps extends UploaderOptions {
  disabled?: boolean;
  /** the button's text (default 上传文件) */
  buttonText?: ReactNode;
  /** a line under the button, e.g. the allowed types */
  tip?: ReactNode;
  id?: string;
}

/** File upload with the list of held files (names from /file/getFiles), download and confirmed delete. */
export function FileUpload({ disabled, buttonText, tip, id, ...options }: FileUploadProps) {
  const input = useRef<HTMLInputElement>(null);
  const uploader = useUploader(options, 'file');
  const remover = useRemoveFile(options.value, options.onChange);
  const unknown = options.value.filter((resId) => !uploader.names[resId]);
  const records = useQuery({
    queryKey: ['files', 'names', unknown],
    queryFn: () => getFiles(unknown),
    enabled: unknown.length > 0,
    staleTime: 5 * 60_000,
  });
  const removeLabel = (name: string) => t`删除 ${name}`;
  const nameOf = (resId: string) => uploader.names[resId] ?? records.data?.find((record) => record.resId === resId)?.resName ?? resId;

  return (
    <Stack gap="2" width="full">
      <chakra.input
        ref={input}
        id={id}
        type="file"
        display="none"
        data-testid="file-input"
        accept={uploader.accept}
        multiple={uploader.limit !== 1}
        disabled={disabled || uploader.limitReached}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          void uploader.upload(files);
        }}
      />
      <Flex gap="2" align="center" wrap="wrap">
        <Button size="sm" minH="10" variant="outline" colorPalette="brand" loading={uploader.state === 'loading'} disabled={disabled || uploader.limitReached} onClick={() => input.current?.click()}>
          {buttonText ?? <Trans>上传文件</Trans>}
        </Button>
        {tip && (
          <Text fontSize="sm" color="fg.muted">
            {tip}
          </Text>
        )}
      </Flex>
      {options.value.length > 0 && (
        <chakra.ul listStyleType="none" display="grid" gap="1">
          {options.value.map((resId) => (
            <Flex as="li" key={resId} align="center" gap="2" minH="10" px="2" borderRadius="md" _hover={{ bg: 'bg.muted' }}>
              <chakra.button type="button" flex="1" textAlign="start" color="brand.fg" truncate onClick={() => void downloadFile(fileDownloadPath(resId), { fileName: nameOf(resId) }).catch(() => undefined)}>
                {nameOf(resId)}
              </chakra.button>
              {!disabled && (
                <IconButton size="sm" variant="ghost" aria-label={removeLabel(nameOf(resId))} onClick={() => remover.ask(resId)}>
                  ✕
                </IconButton>
              )}
            </Flex>
          ))}
        </chakra.ul>
      )}
      <ConfirmDialog open={remover.pending !== null} title={<Trans>提示</Trans>} busy={remover.busy} onConfirm={() => void remover.confirm()} onCancel={remover.cancel}>
        <Trans>此操作将永久删除这个文件，是否继续？</Trans>
      </ConfirmDialog>
    </Stack>
  );
}

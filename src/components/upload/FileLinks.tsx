import { chakra, Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { downloadFile } from '../../lib/download';
import { fileDownloadPath } from '../../lib/files';

/**
 * Documents (PDF, Office…) as a list of their names; a click downloads one under its name. Pictures
 * with thumbnails are `features/applications/Attachments`; documents have no preview to show.
 */
export function FileLinks({ items, testId }: { items: readonly { resId: string; resName: string }[]; testId: string }) {
  const { t } = useLingui();
  return (
    <Stack gap="1" align="start" minW="0">
      {items.map((file) => (
        <chakra.button
          key={file.resId}
          type="button"
          textAlign="start"
          fontSize="sm"
          color="brand.fg"
          textDecoration="underline"
          maxW="full"
          truncate
          aria-label={t`下载 ${file.resName}`}
          data-testid={testId}
          onClick={() => void downloadFile(fileDownloadPath(file.resId), { fileName: file.resName }).catch(() => undefined)}
        >
          {file.resName}
        </chakra.button>
      ))}
    </Stack>
  );
}

import { Box, chakra, Grid, IconButton, Image, Spinner } from '@chakra-ui/react';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { downloadFile } from '../../lib/download';
import { fileDownloadPath } from '../../lib/files';
import { ConfirmDialog } from '../ConfirmDialog';
import { useRemoveFile } from './useRemoveFile';
import { useUploader, type UploaderOptions } from './useUploader';

export interface ImageUploadProps extends UploaderOptions {
  disabled?: boolean;
  id?: string;
  /** thumbnail edge (CSS size) */
  size?: string;
}

/** Fetches a stored image with the token (an <img src> could not send it) and shows it from a blob URL. */
function StoredThumbnail({ resId, localUrl }: { resId: string; localUrl?: string }) {
  const blob = useQuery({
    queryKey: ['files', 'preview', resId],
    queryFn: async () => {
      const result = await downloadFile(fileDownloadPath(resId), { params: { preview: '1' }, download: false });
      return result.kind === 'file' ? result.blob : null;
    },
    enabled: !localUrl,
    staleTime: Infinity,
  });
  // one object URL per fetched blob, released when the blob changes or the thumbnail goes
  const fetchedUrl = useMemo(() => (blob.data && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(blob.data) : undefined), [blob.data]);
  useEffect(
    () => () => {
      if (fetchedUrl) URL.revokeObjectURL(fetchedUrl);
    },
    [fetchedUrl],
  );
  const url = localUrl ?? fetchedUrl;
  if (!url) return blob.isLoading ? <Spinner size="sm" /> : null;
  return <Image src={url} alt="" width="full" height="full" objectFit="cover" />;
}

/** Image upload (images only) with thumbnails and confirmed delete. */
export function ImageUpload({ disabled, id, size = '24', ...options }: ImageUploadProps) {
  const input = useRef<HTMLInputElement>(null);
  const uploader = useUploader({ accept: options.category ? undefined : '.jpg,.jpeg,.png,.gif,.webp', ...options }, 'image');
  const remover = useRemoveFile(options.value, options.onChange);
  const canAdd = !disabled && !uploader.limitReached;

  return (
    <Box>
      <chakra.input
        ref={input}
        id={id}
        type="file"
        display="none"
        data-testid="image-input"
        accept={['image/*', uploader.accept].filter(Boolean).join(',')}
        multiple={uploader.limit !== 1}
        disabled={!canAdd}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          void uploader.upload(files);
        }}
      />
      <Grid templateColumns={`repeat(auto-fill, minmax(var(--chakra-sizes-${size}), 1fr))`} gap="2">
        {options.value.map((resId) => (
          <Box key={resId} position="relative" width={size} height={size} borderWidth="1px" borderRadius="md" overflow="hidden" display="grid" placeItems="center" data-testid="thumbnail">
            <StoredThumbnail resId={resId} localUrl={uploader.localUrls[resId]} />
            {!disabled && (
              <IconButton position="absolute" top="1" right="1" size="xs" variant="solid" colorPalette="gray" aria-label={t`删除图片`} onClick={() => remover.ask(resId)}>
                ✕
              </IconButton>
            )}
          </Box>
        ))}
        {canAdd && (
          <chakra.button
            type="button"
            width={size}
            height={size}
            borderWidth="1px"
            borderStyle="dashed"
            borderRadius="md"
            fontSize="2xl"
            color="fg.muted"
            aria-label={t`上传图片`}
            onClick={() => input.current?.click()}
            disabled={uploader.state === 'loading'}
          >
            {uploader.state === 'loading' ? <Spinner size="sm" /> : '+'}
          </chakra.button>
        )}
      </Grid>
      <ConfirmDialog open={remover.pending !== null} title={<Trans>提示</Trans>} busy={remover.busy} onConfirm={() => void remover.confirm()} onCancel={remover.cancel}>
        <Trans>此操作将永久删除这张图片，是否继续？</Trans>
      </ConfirmDialog>
    </Box>
  );
}

import { Box, chakra, Grid, IconButton, Image, Spinner } from '@chakra-ui/react';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useRef } from 'react';
import { ConfirmDialog } from '../ConfirmDialog';
import { useFilePreviewUrl } from './useFilePreviewUrl';
import { useRemoveFile } from './useRemoveFile';
import { useUploader, type UploaderOptions } from './useUploader';

export interface ImageUploadProps extends UploaderOptions {
  disabled?: boolean;
  id?: string;
  /** thumbnail edge (CSS size) */
  size?: string;
}

/** A stored image fetched with the token (useFilePreviewUrl); the local object URL while just uploaded. */
function StoredThumbnail({ resId, localUrl }: { resId: string; localUrl?: string }) {
  const fetched = useFilePreviewUrl(resId, !localUrl);
  const url = localUrl ?? fetched.url;
  if (!url) return fetched.loading ? <Spinner size="sm" /> : null;
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

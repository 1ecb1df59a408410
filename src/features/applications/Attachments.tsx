import { Box, chakra, CloseButton, Dialog, Grid, Image, Portal, Spinner } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useFilePreviewUrl } from '../../components/upload/useFilePreviewUrl';

function Thumbnail({ resId, name, onOpen }: { resId: string; name: string; onOpen: (url: string) => void }) {
  const { t } = useLingui();
  const { url, loading } = useFilePreviewUrl(resId);
  return (
    <chakra.button
      type="button"
      width="24"
      height="24"
      borderWidth="1px"
      borderRadius="md"
      overflow="hidden"
      display="grid"
      placeItems="center"
      aria-label={t`预览 ${name}`}
      data-testid="application-picture"
      onClick={() => url && onOpen(url)}
    >
      {url ? <Image src={url} alt={name} width="full" height="full" objectFit="cover" /> : loading ? <Spinner size="sm" /> : null}
    </chakra.button>
  );
}

/**
 * The certificate pictures of an application: thumbnails, a click shows the picture large. Previews
 * seen (or prefetched with the todo details, api.ts prefetchTodoDetails) show offline too.
 */
export function Attachments({ items }: { items: readonly { resId: string; resName: string }[] }) {
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Box>
      <Grid templateColumns="repeat(auto-fill, minmax(var(--chakra-sizes-24), 1fr))" gap="2">
        {items.map((item) => (
          <Thumbnail key={item.resId} resId={item.resId} name={item.resName} onOpen={setOpen} />
        ))}
      </Grid>
      <Dialog.Root open={open !== null} onOpenChange={(details) => !details.open && setOpen(null)} size={{ base: 'full', md: 'lg' }} placement="center">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content data-testid="picture-preview">
              <Dialog.Body p="2">{open && <Image src={open} alt="" width="full" objectFit="contain" maxH="80vh" />}</Dialog.Body>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </Box>
  );
}

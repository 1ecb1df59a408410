import { Box, Button, CloseButton, Dialog, Image, Input, Portal, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { RequestError } from '../../../components/RequestError';
import { copyText } from '../../../lib/clipboard';
import { surveyQrQuery } from '../manage-api';

/**
 * 二维码: the public answer link of an everyone-audience questionnaire as a QR code, with the link, both
 * as the server made them from the school's public address (a refusal, e.g. no address set, shows instead).
 */
export default function QrDialog({ id, title, onClose }: { id: string; title: string; onClose: () => void }) {
  const { t } = useLingui();
  const qr = useQuery({ ...surveyQrQuery(id), retry: false });
  const blob = qr.data?.png;
  const link = qr.data?.link ?? '';
  // an object URL of the PNG while the dialog is open
  const [url, setUrl] = useState('');
  useEffect(() => {
    if (!blob) return;
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [blob]);
  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && onClose()} size={{ base: 'full', sm: 'sm' }} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="survey-qr-dialog">
            <Dialog.Header>
              <Dialog.Title>
                <Trans>问卷二维码</Trans>
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3" align="center">
                <Text fontWeight="medium" textAlign="center">
                  {title}
                </Text>
                <Box boxSize="56" borderWidth="1px" borderRadius="l2" display="flex" alignItems="center" justifyContent="center">
                  {url ? (
                    <Image src={url} alt={t`问卷“${title}”的填写二维码`} boxSize="52" data-testid="survey-qr-image" />
                  ) : qr.isError ? (
                    <RequestError error={qr.error} />
                  ) : (
                    <Text color="fg.muted">
                      <Trans>加载中…</Trans>
                    </Text>
                  )}
                </Box>
                <Text fontSize="sm" color="fg.muted" textAlign="center">
                  <Trans>扫码或打开链接即可填写（无需登录的问卷可直接填写）</Trans>
                </Text>
                {link && <Input readOnly value={link} size="sm" onFocus={(event) => event.currentTarget.select()} aria-label={t`问卷链接`} data-testid="survey-qr-link" />}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              {link && (
                <Button variant="outline" onClick={() => void copyText(link)}>
                  <Trans>复制链接</Trans>
                </Button>
              )}
              {url && (
                <Button asChild colorPalette="brand">
                  <a href={url} download={`${title}.png`}>
                    <Trans>下载二维码</Trans>
                  </a>
                </Button>
              )}
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

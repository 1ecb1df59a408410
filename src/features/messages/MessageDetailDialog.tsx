import { Badge, Button, CloseButton, Dialog, HStack, Portal, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { HtmlContent } from '../../components/HtmlContent';
import { dictLabel } from '../../lib/dicts';
import { HttpError } from '../../lib/http';
import { useFailureToast } from '../../lib/notify';
import { messageDetailQuery, messageTypesQuery } from './api';
import { formatMessageTime, linkKind, messageBody, messageTitle } from './format';

export interface MessageDetailDialogProps {
  /** the message to show; null: closed */
  messageId: string | null;
  onClose: () => void;
}

/**
 * One message: title, type, sender, time and its (server-sanitised) content, with "open link"
 * for messages that carry one. Loading it marks it read (the server does; the lists refresh).
 */
export function MessageDetailDialog({ messageId, onClose }: MessageDetailDialogProps) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const detail = useQuery({ ...messageDetailQuery(queryClient, messageId ?? ''), enabled: Boolean(messageId) });
  const types = useQuery(messageTypesQuery());
  useFailureToast(detail.error, 'message-detail-error');

  const message = detail.data;
  const kind = message ? linkKind(message.MESSAGE_LINK) : null;
  const openLink = () => {
    if (!message) return;
    onClose();
    if (kind === 'app') void navigate({ href: message.MESSAGE_LINK });
    else if (kind === 'external') window.open(message.MESSAGE_LINK, '_blank', 'noopener,noreferrer');
  };

  return (
    <Dialog.Root
      open={Boolean(messageId)}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      placement="center"
      size="lg"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="message-detail">
            <Dialog.Header pe="12">
              <Dialog.Title>{message ? messageTitle(message, i18n.locale) : (detail.isError ? t`消息详情` : <Skeleton height="6" width="60" />)}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {detail.isError ? (
                <Text color="fg.error" role="alert">
                  {detail.error instanceof HttpError ? detail.error.msg : t`请求失败`}
                </Text>
              ) : !message ? (
                <Stack gap="3">
                  <Skeleton height="4" width="50%" />
                  <Skeleton height="24" />
                </Stack>
              ) : (
                <Stack gap="4">
                  <HStack gap="3" wrap="wrap" fontSize="sm" color="fg.muted">
                    <Badge colorPalette="brand" variant="subtle">
                      {dictLabel(types.data, message.MESSAGE_TYPE, i18n.locale)}
                    </Badge>
                    {message.SENDER_NAME && (
                      <Text>
                        <Trans>发送人：{message.SENDER_NAME}</Trans>
                      </Text>
                    )}
                    <Text asChild>
                      <time dateTime={message.CREATE_TIME}>{formatMessageTime(message.CREATE_TIME, i18n.locale)}</time>
                    </Text>
                  </HStack>
                  {messageBody(message, i18n.locale) !== null ? (
                    <Text whiteSpace="pre-wrap" data-testid="message-content">
                      {messageBody(message, i18n.locale)}
                    </Text>
                  ) : message.MESSAGE_CONTENT ? (
                    <HtmlContent html={message.MESSAGE_CONTENT} data-testid="message-content" />
                  ) : (
                    <Text color="fg.muted">
                      <Trans>（无内容）</Trans>
                    </Text>
                  )}
                </Stack>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                <Trans>关闭</Trans>
              </Button>
              {kind && (
                <Button colorPalette="brand" onClick={openLink}>
                  <Trans>打开链接</Trans>
                </Button>
              )}
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t`关闭`} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { useRegisterSW } from 'virtual:pwa-register/react';

/**
 * Service-worker updates wait for the user (registerType 'prompt'): a reload never happens by
 * itself, so nothing typed in a form is lost.
 */
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisterError(error) {
      console.warn('service worker registration failed', error);
    },
  });
  if (!needRefresh) return null;
  return (
    <Box
      position="fixed"
      bottom="4"
      insetInline="4"
      mx="auto"
      maxW="md"
      zIndex="toast"
      bg="bg.panel"
      borderWidth="1px"
      borderRadius="l2"
      boxShadow="lg"
      p="3"
      role="status"
    >
      <HStack justify="space-between" gap="3" wrap="wrap">
        <Text fontSize="sm">
          <Trans>有新版本可用，刷新后生效</Trans>
        </Text>
        <HStack>
          <Button size="sm" variant="ghost" onClick={() => setNeedRefresh(false)}>
            <Trans>稍后</Trans>
          </Button>
          <Button size="sm" colorPalette="brand" onClick={() => updateServiceWorker(true)}>
            <Trans>刷新</Trans>
          </Button>
        </HStack>
      </HStack>
    </Box>
  );
}

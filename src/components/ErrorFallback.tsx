import { Button } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { CenteredMessage } from './CenteredMessage';

/** Shown when a screen fails to load or render. */
export function ErrorFallback({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const message = error instanceof Error ? error.message : String(error ?? '');
  return (
    <CenteredMessage
      heading={<Trans>页面出错了</Trans>}
      testId="error-fallback"
      actions={
        <Button colorPalette="brand" onClick={onRetry ?? (() => location.reload())}>
          <Trans>重试</Trans>
        </Button>
      }
    >
      {message}
    </CenteredMessage>
  );
}

import { Alert } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { HttpError } from '../lib/http';

/** What a failed read says: the server's message, or 请求失败 when there was no envelope. */
export function useRequestErrorMessage(error: unknown): string {
  const { t } = useLingui();
  return error instanceof HttpError ? error.msg : t`请求失败`;
}

/** A failed read shown in place of its content (role alert). */
export function RequestError({ error, testId }: { error: unknown; testId?: string }) {
  const message = useRequestErrorMessage(error);
  return (
    <Alert.Root status="error" role="alert" data-testid={testId}>
      <Alert.Indicator />
      <Alert.Description>{message}</Alert.Description>
    </Alert.Root>
  );
}

import { Badge } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';

/** A student's login as 毕业管理 shows it (list and 留级 dialog): disabled first (it blocks a login even before one is opened), else opened or not. */
export function AccountBadge({ enabled, ready, testId }: { enabled: boolean; ready: boolean; testId?: string }) {
  const { t } = useLingui();
  if (!enabled)
    return (
      <Badge colorPalette="red" data-testid={testId}>
        {t`停用`}
      </Badge>
    );
  return ready ? (
    <Badge colorPalette="green" data-testid={testId}>
      {t`启用`}
    </Badge>
  ) : (
    <Badge colorPalette="gray" data-testid={testId}>
      {t`未开通`}
    </Badge>
  );
}

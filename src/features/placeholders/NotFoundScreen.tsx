import { Button } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { CenteredMessage } from '../../components/CenteredMessage';

/** /404 (hidden, open): unknown paths and routes the user may not open land here. */
export function NotFoundScreen() {
  return (
    <CenteredMessage
      fullPage
      heading="404"
      testId="not-found"
      actions={
        <Button asChild colorPalette="brand">
          <Link to="/dashboard">
            <Trans>返回首页</Trans>
          </Link>
        </Button>
      }
    >
      <Trans>抱歉，您访问的页面不存在或您没有权限访问。</Trans>
    </CenteredMessage>
  );
}

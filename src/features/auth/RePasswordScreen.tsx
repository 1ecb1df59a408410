import { Button } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { CenteredMessage } from '../../components/CenteredMessage';
import { useDocumentTitle } from '../../lib/document-title';

/**
 * /RePassword (hidden, open). There is no self-service reset yet: the page says so and sends the
 * person to the school administrator, who can reset the password.
 */
export function RePasswordScreen() {
  const { t } = useLingui();
  useDocumentTitle(t`忘记密码`);
  return (
    <CenteredMessage
      fullPage
      heading={<Trans>忘记密码</Trans>}
      actions={
        <Button asChild colorPalette="brand">
          <Link to="/login">
            <Trans>返回登录</Trans>
          </Link>
        </Button>
      }
    >
      <Trans>目前还不能在线自助重置密码。请联系学校的系统管理员为您重置密码，然后使用新密码登录。</Trans>
    </CenteredMessage>
  );
}

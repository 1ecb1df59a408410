import { Trans } from '@lingui/react/macro';
import { BlockingDialog } from '../components/BlockingDialog';
import { confirmLoginExpired } from '../lib/expiry';

/** Body of the expiry prompt: title 提示 / Prompt, one button 重新登录 / Log in again. */
export default function ExpiredPrompt() {
  return (
    <BlockingDialog
      open
      testId="login-expired-dialog"
      title={<Trans>提示</Trans>}
      actionLabel={<Trans>重新登录</Trans>}
      onAction={() => confirmLoginExpired()}
    >
      <Trans>登录状态已过期，请重新登录</Trans>
    </BlockingDialog>
  );
}

import { Trans } from '@lingui/react/macro';
import { CenteredMessage } from '../../components/CenteredMessage';

/** The open survey pages (no login): the public list and answering are not built yet. */
export function PublicSurveyScreen({ variant }: { variant: 'list' | 'answer' }) {
  return (
    <CenteredMessage fullPage heading={variant === 'list' ? <Trans>公开问卷</Trans> : <Trans>填写问卷</Trans>} testId="public-survey">
      {variant === 'list' ? (
        <Trans>公开问卷列表即将上线，敬请期待。</Trans>
      ) : (
        <Trans>在线填写问卷即将上线，敬请期待。</Trans>
      )}
    </CenteredMessage>
  );
}

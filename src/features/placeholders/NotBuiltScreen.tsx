import { Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { CenteredMessage } from '../../components/CenteredMessage';

export interface NotBuiltScreenProps {
  /** the menu title in the current language, when the path is one of the user's menus */
  title?: string;
  path: string;
}

/** A known product area whose screens are not built yet: say so plainly, with the menu title. */
export function NotBuiltScreen({ title, path }: NotBuiltScreenProps) {
  return (
    <CenteredMessage heading={<Trans>此功能尚未开放</Trans>} testId="not-built">
      <Text as="span" display="block" fontWeight="semibold" color="fg">
        {title ?? path}
      </Text>
      <Text as="span" display="block">
        <Trans>这个功能区还没有建成，建成后会出现在这里。</Trans>
      </Text>
    </CenteredMessage>
  );
}

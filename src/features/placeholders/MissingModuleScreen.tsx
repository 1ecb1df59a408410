import { Code, Text } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { CenteredMessage } from '../../components/CenteredMessage';

export interface MissingModuleScreenProps {
  title?: string;
  path: string;
}

/**
 * SPEC §8 "Dynamic view missing": a menu points at a view the client does not have.
 * The heading is the SPEC literal 'Cannot find module' in both languages.
 */
export function MissingModuleScreen({ title, path }: MissingModuleScreenProps) {
  return (
    <CenteredMessage heading={<Trans>Cannot find module</Trans>} testId="missing-module">
      <Text as="span" display="block">
        <Trans>菜单“{title}”指向的页面不存在：</Trans> <Code>{path}</Code>
      </Text>
      <Text as="span" display="block">
        <Trans>请联系管理员检查菜单配置。</Trans>
      </Text>
    </CenteredMessage>
  );
}

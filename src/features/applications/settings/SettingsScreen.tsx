import { Heading, Stack, Tabs } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { BlockedPeriodsSection } from './BlockedPeriodsSection';
import { FlowsSection } from './FlowsSection';
import { SealSection } from './SealSection';
import { SETTINGS_TABS, type SettingsSearchParams } from './search';

export interface SettingsScreenProps {
  search: SettingsSearchParams;
  onSearchChange: (next: SettingsSearchParams) => void;
}

/** /xssw/spsz 审批设置: audit flows, non-selectable periods, the school's seal (tabs; the tab in the URL). */
export function SettingsScreen({ search, onSearchChange }: SettingsScreenProps) {
  const tab = search.tab ?? 'flows';
  return (
    <Stack gap="4">
      <Heading as="h1" size="lg">
        <Trans>审批设置</Trans>
      </Heading>
      <Tabs.Root
        value={tab}
        lazyMount
        unmountOnExit
        onValueChange={(details) => {
          const next = SETTINGS_TABS.find((item) => item === details.value);
          onSearchChange(next && next !== 'flows' ? { tab: next } : {});
        }}
      >
        <Tabs.List overflowX="auto">
          <Tabs.Trigger value="flows" minH="11">
            <Trans>审批流程</Trans>
          </Tabs.Trigger>
          <Tabs.Trigger value="periods" minH="11">
            <Trans>不可选时段</Trans>
          </Tabs.Trigger>
          <Tabs.Trigger value="seal" minH="11">
            <Trans>学校印章</Trans>
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="flows">
          <Stack gap="3">
            <FlowsSection />
          </Stack>
        </Tabs.Content>
        <Tabs.Content value="periods">
          <Stack gap="3">
            <BlockedPeriodsSection />
          </Stack>
        </Tabs.Content>
        <Tabs.Content value="seal">
          <SealSection />
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  );
}

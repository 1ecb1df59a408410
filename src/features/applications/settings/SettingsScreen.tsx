import { Heading, Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { TabBar, TabPanel } from '../../../components/TabBar';
import { BlockedPeriodsSection } from './BlockedPeriodsSection';
import { useApplicationsCatalog } from './catalog-ready';
import { FlowsSection } from './FlowsSection';
import { SealSection } from './SealSection';
import { SETTINGS_TABS, type SettingsSearchParams, type SettingsTab } from './search';

export interface SettingsScreenProps {
  search: SettingsSearchParams;
  onSearchChange: (next: SettingsSearchParams) => void;
}

/** /xssw/spsz 审批设置: audit flows, non-selectable periods, the school's seal (components/TabBar; the tab in the URL). */
export function SettingsScreen(props: SettingsScreenProps) {
  return useApplicationsCatalog() ? <Settings {...props} /> : null;
}

function Settings({ search, onSearchChange }: SettingsScreenProps) {
  const { t } = useLingui();
  const tab = search.tab ?? 'flows';
  const labels: Record<SettingsTab, string> = { flows: t`审批流程`, periods: t`不可选时段`, seal: t`学校印章` };
  const tabs = SETTINGS_TABS.map((key) => ({ key, label: labels[key] }));
  return (
    <Stack gap="4">
      <Heading as="h1" size="lg">
        {t`审批设置`}
      </Heading>
      <TabBar id="settings" label={t`审批设置`} tabs={tabs} current={tab} onChange={(key) => onSearchChange(key === 'flows' ? {} : { tab: key as SettingsTab })} />
      <TabPanel id="settings" current={tab} gap="3">
        {tab === 'flows' ? <FlowsSection /> : tab === 'periods' ? <BlockedPeriodsSection /> : <SealSection />}
      </TabPanel>
    </Stack>
  );
}

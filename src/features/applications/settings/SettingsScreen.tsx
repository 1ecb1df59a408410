import { Button, Heading, HStack, Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { BlockedPeriodsSection } from './BlockedPeriodsSection';
import { useApplicationsCatalog } from './catalog-ready';
import { FlowsSection } from './FlowsSection';
import { SealSection } from './SealSection';
import { SETTINGS_TABS, type SettingsSearchParams } from './search';

export interface SettingsScreenProps {
  search: SettingsSearchParams;
  onSearchChange: (next: SettingsSearchParams) => void;
}

/**
 * /xssw/spsz 审批设置: audit flows, non-selectable periods, the school's seal (tabs; the tab in the
 * URL). The tab bar is plain buttons with tab roles: Chakra's Tabs recipe is not in the app's theme
 * (every recipe there weighs on /login).
 */
export function SettingsScreen(props: SettingsScreenProps) {
  return useApplicationsCatalog() ? <Settings {...props} /> : null;
}

function Settings({ search, onSearchChange }: SettingsScreenProps) {
  const { t } = useLingui();
  const tab = search.tab ?? 'flows';
  const labels = { flows: t`审批流程`, periods: t`不可选时段`, seal: t`学校印章` };
  return (
    <Stack gap="4">
      <Heading as="h1" size="lg">
        {t`审批设置`}
      </Heading>
      <HStack role="tablist" gap="1" borderBottomWidth="1px" overflowX="auto">
        {SETTINGS_TABS.map((key) => (
          <Button
            key={key}
            role="tab"
            id={`settings-tab-${key}`}
            aria-selected={tab === key}
            aria-controls="settings-panel"
            variant="ghost"
            minH="11"
            borderRadius="0"
            borderBottomWidth="2px"
            borderColor={tab === key ? 'brand.solid' : 'transparent'}
            color={tab === key ? 'brand.fg' : 'fg.muted'}
            onClick={() => onSearchChange(key === 'flows' ? {} : { tab: key })}
          >
            {labels[key]}
          </Button>
        ))}
      </HStack>
      <Stack gap="3" role="tabpanel" id="settings-panel" aria-labelledby={`settings-tab-${tab}`}>
        {tab === 'flows' ? <FlowsSection /> : tab === 'periods' ? <BlockedPeriodsSection /> : <SealSection />}
      </Stack>
    </Stack>
  );
}

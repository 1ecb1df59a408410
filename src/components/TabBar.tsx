import { Button, HStack, Stack, type StackProps } from '@chakra-ui/react';
import { useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabBarTab {
  key: string;
  label: ReactNode;
}

export interface TabBarProps {
  /** prefix of the ids: tabs are `${id}-tab-${key}`, the panel `${id}-panel` */
  id: string;
  tabs: readonly TabBarTab[];
  current: string;
  onChange: (key: string) => void;
  /** accessible name of the tab list */
  label?: string;
  /** data-testid of each tab: `${testIdPrefix}${key}` (none when omitted) */
  testIdPrefix?: string;
}

/**
 * A small accessible tab bar (WAI-ARIA tabs, manual activation): role tablist / tab with aria-selected
 * and aria-controls; only the current tab is in the tab order; ←/→ (and Home/End) move between tabs
 * and select them. The panel is <TabPanel id={id} current={current}>. Plain buttons: Chakra's Tabs
 * recipe is not in the app's theme (every recipe there weighs on /login).
 *
 *   <TabBar id="settings" tabs={[{ key: 'flows', label: t`审批流程` }, …]} current={tab} onChange={setTab} />
 *   <TabPanel id="settings" current={tab}>…</TabPanel>
 */
export function TabBar({ id, tabs, current, onChange, label, testIdPrefix }: TabBarProps) {
  const refs = useRef(new Map<string, HTMLButtonElement>());
  const move = (event: KeyboardEvent, index: number) => {
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight' ? (index === last ? 0 : index + 1)
      : event.key === 'ArrowLeft' ? (index === 0 ? last : index - 1)
      : event.key === 'Home' ? 0
      : event.key === 'End' ? last
      : -1;
    if (next < 0) return;
    event.preventDefault();
    const tab = tabs[next]!;
    refs.current.get(tab.key)?.focus();
    onChange(tab.key);
  };
  return (
    <HStack role="tablist" aria-label={label} gap="1" overflowX="auto" borderBottomWidth="1px">
      {tabs.map((tab, index) => {
        const selected = tab.key === current;
        return (
          <Button
            key={tab.key}
            ref={(element) => {
              if (element) refs.current.set(tab.key, element);
              else refs.current.delete(tab.key);
            }}
            role="tab"
            id={`${id}-tab-${tab.key}`}
            aria-selected={selected}
            aria-controls={`${id}-panel`}
            tabIndex={selected ? 0 : -1}
            variant="ghost"
            minH="11"
            flexShrink="0"
            borderRadius="0"
            borderBottomWidth="2px"
            borderColor={selected ? 'brand.solid' : 'transparent'}
            color={selected ? 'brand.fg' : 'fg.muted'}
            onClick={() => onChange(tab.key)}
            onKeyDown={(event) => move(event, index)}
            data-testid={testIdPrefix ? `${testIdPrefix}${tab.key}` : undefined}
          >
            {tab.label}
          </Button>
        );
      })}
    </HStack>
  );
}

/** The panel of a TabBar with the same id: labelled by the current tab. */
export function TabPanel({ id, current, children, ...rest }: { id: string; current: string; children: ReactNode } & StackProps) {
  return (
    <Stack gap="4" role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${current}`} {...rest}>
      {children}
    </Stack>
  );
}

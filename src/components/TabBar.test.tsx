import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { TabBar, TabPanel } from './TabBar';

function Harness() {
  const [tab, setTab] = useState('a');
  return (
    <>
      <TabBar id="t" label="Tabs" tabs={[{ key: 'a', label: 'A' }, { key: 'b', label: 'B' }, { key: 'c', label: 'C' }]} current={tab} onChange={setTab} />
      <TabPanel id="t" current={tab}>
        <span>panel {tab}</span>
      </TabPanel>
    </>
  );
}

describe('TabBar', () => {
  it('has tab roles tied to the panel, and the arrows move and select', () => {
    renderWithProviders(<Harness />);
    const tabs = screen.getAllByRole('tab');
    expect(screen.getByRole('tablist', { name: 'Tabs' })).toBeTruthy();
    expect(tabs.map((tab) => tab.getAttribute('aria-selected'))).toEqual(['true', 'false', 'false']);
    expect(tabs.map((tab) => tab.tabIndex)).toEqual([0, -1, -1]);
    const panel = screen.getByRole('tabpanel');
    expect(tabs[0]!.getAttribute('aria-controls')).toBe(panel.id);
    expect(panel.getAttribute('aria-labelledby')).toBe(tabs[0]!.id);

    fireEvent.keyDown(tabs[0]!, { key: 'ArrowLeft' });
    expect(screen.getByRole('tab', { name: 'C' }).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'C' }));
    expect(screen.getByText('panel c')).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('tab', { name: 'C' }), { key: 'ArrowRight' });
    expect(screen.getByText('panel a')).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('tab', { name: 'A' }), { key: 'End' });
    expect(screen.getByText('panel c')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'B' }));
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(screen.getByRole('tab', { name: 'B' }).id);
  });
});

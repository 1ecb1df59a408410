import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { memo, type ComponentProps } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setConfig } from '../../lib/config';
import { resetOfflineDbForTests, setScope } from '../../lib/offline/db';
import { fakeFetch, ok } from '../../test/render';
import { RollScreen } from './RollScreen';
import { CLASS_1, makeRoll, renderScreen, rollEntry, STATUS_DICT } from './test-support';

// Counts the renders of every roll row: the real row, behind the same memo the screen relies on.
const renders = vi.hoisted(() => ({ names: [] as string[] }));
vi.mock('./RollRow', async (importOriginal) => {
  const original = await importOriginal<typeof import('./RollRow')>();
  const Inner = original.RollRow;
  return {
    RollRow: memo(function CountedRow(props: ComponentProps<typeof Inner>) {
      renders.names.push(props.student.studentName);
      return <Inner {...props} />;
    }),
  };
});

describe('RollScreen with a class of 40', () => {
  beforeEach(() => {
    setConfig({ apiBaseUrl: '' });
    setScope({ tenant: 'demo', userId: 'renders' });
  });
  afterEach(() => {
    resetOfflineDbForTests();
    vi.unstubAllGlobals();
  });

  it('re-renders only the tapped row', async () => {
    const entries = Array.from({ length: 40 }, (_, i) => rollEntry(i + 1, { studentName: `学生${i + 1}` }));
    const fake = fakeFetch({ '/dicts': ok({ STD_XSKQ_ZT: STATUS_DICT }), '/api/attendance/roll': ok(makeRoll({ classId: CLASS_1, entries })) });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    renderScreen(<RollScreen classId={CLASS_1} date="2026-11-20" onDateChange={() => undefined} />, { permissions: ['xskq', 'xskq_add'] });
    await waitFor(() => expect(screen.getAllByTestId('roll-row')).toHaveLength(40));
    await screen.findByText('出勤 40');
    const rows = screen.getAllByTestId('roll-row');
    const before = renders.names.length;
    fireEvent.click(within(rows[7]).getByRole('radio', { name: '缺勤' }));
    fireEvent.click(within(rows[12]).getByRole('radio', { name: '迟到' }));
    expect(screen.getByText('出勤 38')).toBeTruthy();
    expect(renders.names.slice(before)).toEqual(['学生8', '学生13']);
  });
});

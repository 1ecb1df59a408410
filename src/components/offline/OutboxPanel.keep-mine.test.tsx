import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetConnectivity } from '../../lib/offline/connectivity';
import { currentDb, resetOfflineDbForTests, setScope } from '../../lib/offline/db';
import { defineOutboxKind, enqueue } from '../../lib/offline/outbox';
import { saveLogin } from '../../lib/session';
import { renderWithProviders } from '../../test/render';
import { OfflineStatus } from './OfflineStatus';

/** A kind whose conflicts may be kept only while the server says the record is still open to me. */
const kind = defineOutboxKind<{ name: string }, unknown>({
  kind: 'test.keep-mine',
  url: '/api/keep-mine',
  describe: (payload) => `审核 ${payload.name}`,
  canKeepMine: (entry) => (entry.serverData as { open?: boolean } | null)?.open === true,
});

beforeEach(() => {
  saveLogin({ token: 't1', userId: 'u1' });
  setScope({ tenant: 'demo', userId: 'u-keep' });
  resetConnectivity();
});

afterEach(async () => {
  resetOfflineDbForTests();
  for (const name of await Dexie.getDatabaseNames()) await Dexie.delete(name);
});

describe('OutboxPanel conflicts', { timeout: 20_000 }, () => {
  it("offers 保留我的 only when the kind's canKeepMine allows it; 采用服务器的 always", async () => {
    const open = await enqueue(kind, { entityKey: 'x', payload: { name: '甲' }, baseVersion: 1 });
    const closed = await enqueue(kind, { entityKey: 'y', payload: { name: '乙' }, baseVersion: 1 });
    await currentDb()!.outbox.update(open.opId, { state: 'conflict', serverData: { open: true, version: 2 } });
    await currentDb()!.outbox.update(closed.opId, { state: 'conflict', serverData: { open: false, version: 2 } });

    renderWithProviders(<OfflineStatus />);
    fireEvent.click(screen.getByTestId('offline-indicator'));
    const panel = await screen.findByTestId('outbox-panel');
    await waitFor(() => expect(within(panel).getAllByTestId('outbox-entry')).toHaveLength(2), { timeout: 10_000 });
    const row = (name: string) => within(screen.getByTestId('outbox-panel')).getAllByTestId('outbox-entry').find((entry) => entry.textContent?.includes(`审核 ${name}`))!;
    expect(within(row('甲')).queryByRole('button', { name: '保留我的' })).toBeTruthy();
    expect(within(row('乙')).queryByRole('button', { name: '保留我的' })).toBeNull();
    expect(within(row('乙')).queryByRole('button', { name: '采用服务器的' })).toBeTruthy();
  });
});

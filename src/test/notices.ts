import { vi } from 'vitest';
import { notify } from '../lib/notify';

export type NoticeLevel = 'error' | 'warning' | 'success' | 'info';
/** What a screen said through lib/notify: per level, and `all` in the order said. */
export type Notices = Record<NoticeLevel, string[]> & { all: string[] };

/** Records the toasts lib/notify is asked for (instead of showing them); call in `beforeEach`. */
export function recordNotices(): Notices {
  const said: Notices = { error: [], warning: [], success: [], info: [], all: [] };
  for (const level of ['error', 'warning', 'success', 'info'] as const) {
    vi.spyOn(notify, level).mockImplementation((title: string) => {
      said[level].push(title);
      said.all.push(title);
      return '';
    });
  }
  return said;
}

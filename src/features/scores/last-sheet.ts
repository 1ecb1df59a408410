import { currentScope } from '../../lib/offline/db';
import type { SheetPick } from './default-sheet';

/**
 * The sheet a user opened last, kept on the device per school and user
 * (`xiaowu.scores.last-sheet.<tenant>.<user id>`, the offline store's scope): 成绩录入 reopens it
 * when the URL names no sheet. Nothing is kept before the scope is known.
 */
const KEY_PREFIX = 'xiaowu.scores.last-sheet.';

function key(): string | null {
  const scope = currentScope();
  return scope ? `${KEY_PREFIX}${scope.tenant}.${scope.userId}` : null;
}

export function readLastSheet(): SheetPick | null {
  const name = key();
  if (!name) return null;
  try {
    const value: unknown = JSON.parse(localStorage.getItem(name) ?? 'null');
    if (typeof value !== 'object' || value === null) return null;
    const { batchId, classId, subject } = value as Record<string, unknown>;
    return typeof batchId === 'string' && typeof classId === 'string' && typeof subject === 'string' ? { batchId, classId, subject } : null;
  } catch {
    return null;
  }
}

export function rememberLastSheet(pick: SheetPick): void {
  const name = key();
  if (!name) return;
  try {
    localStorage.setItem(name, JSON.stringify({ batchId: pick.batchId, classId: pick.classId, subject: pick.subject }));
  } catch {
    /* private mode or full storage: the screen still opens the caller's own sheet */
  }
}

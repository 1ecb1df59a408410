import { lazy, Suspense } from 'react';

// The detail dialog (and the download client it uses) loads with the first message opened from the
// shell's bell or the dashboard card, not with every page (the /dashboard JS budget).
const MessageDetailDialog = lazy(() => import('./MessageDetailDialog').then((module) => ({ default: module.MessageDetailDialog })));

/** MessageDetailDialog, loaded when a message is first opened. */
export function LazyMessageDetailDialog({ messageId, onClose }: { messageId: string | null; onClose: () => void }) {
  if (!messageId) return null;
  return (
    <Suspense fallback={null}>
      <MessageDetailDialog messageId={messageId} onClose={onClose} />
    </Suspense>
  );
}

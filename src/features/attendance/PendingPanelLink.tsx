import { Button } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { lazy, Suspense, useState } from 'react';

// the panel is the top bar's (components/offline); loaded when asked for
const OutboxPanel = lazy(() => import('../../components/offline/OutboxPanel').then((module) => ({ default: module.OutboxPanel })));

/** Where a stuck submission is handled: opens the pending panel (keep mine / take the server's, retry, discard). */
export function PendingPanelLink() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant="outline" colorPalette="red" minH="11" data-testid="open-pending-panel" onClick={() => setOpen(true)}>
        <Trans>打开待同步面板</Trans>
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <OutboxPanel open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

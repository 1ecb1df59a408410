import { useLayoutEffect, useMemo, useState, type RefObject } from 'react';

/** The content element of an open modal drawer / dialog (Chakra's Drawer and Dialog, FormShell). */
const MODAL_CONTENT = '[role="dialog"][aria-modal="true"], [role="alertdialog"][aria-modal="true"]';

/**
 * Where a popover panel portals: the modal drawer or dialog its anchor sits in, else <body>
 * (undefined). Inside a modal the panel must be a DOM descendant of it, or the modal's focus trap
 * takes the focus back from the panel's search box (and the panel closes). Found once the anchor is
 * in the document, before anyone can open the panel; pass the result to `<Portal container>` (keyed
 * by it) and use the 'fixed' positioning strategy with it, so a scrolling drawer body does not clip
 * the panel.
 */
export function useModalContainer(anchor: RefObject<HTMLElement | null>): RefObject<HTMLElement | null> | undefined {
  const [root, setRoot] = useState<HTMLElement | null>(null);
  useLayoutEffect(() => {
    setRoot(anchor.current?.closest<HTMLElement>(MODAL_CONTENT) ?? null);
  }, [anchor]);
  return useMemo(() => (root ? { current: root } : undefined), [root]);
}

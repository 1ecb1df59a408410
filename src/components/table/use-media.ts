import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches now, following it as the window changes (a phone turned, a window
 * resized). Reads `window.matchMedia`, so tests decide the answer by stubbing it.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (changed: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Chakra's breakpoints (em, from the theme's defaults): below one a list shows cards. */
export const BREAKPOINT_EM = { sm: 30, md: 48, lg: 62 } as const;
export type Breakpoint = keyof typeof BREAKPOINT_EM;

/** Narrower than the breakpoint (`smDown` / `mdDown` in Chakra's words). */
export const belowQuery = (breakpoint: Breakpoint) => `(max-width: ${BREAKPOINT_EM[breakpoint] - 0.02}em)`;

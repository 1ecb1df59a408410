import { vi } from 'vitest';

/** A MediaQueryList that answers `matches` and ignores listeners (jsdom has none). */
export const fakeMediaQuery = (query: string, matches: boolean) =>
  ({
    matches,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }) as MediaQueryList;

/** The screen's width as media queries answer it: `narrow` matches max-width queries (a phone), else min-width ones. */
export function screenIs(narrow: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => fakeMediaQuery(query, narrow ? /max-width/.test(query) : /min-width/.test(query)));
}

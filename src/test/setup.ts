import { i18n } from '@lingui/core';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeEach } from 'vitest';
import { messages as en } from '../locales/en/messages.po';
import { messages as zh } from '../locales/zh/messages.po';
import { fakeMediaQuery } from './screen';

// findBy*/waitFor give the screen 10 s: a file's first whole-shell render also transforms its lazy
// chunks, which took 4–6 s with two client files at once on a 2-core machine (1 s, then 4 s, were flaky).
configure({ asyncUtilTimeout: 10_000 });

// jsdom lacks a few browser APIs Chakra (zag) touches.
if (!window.matchMedia) window.matchMedia = (query: string) => fakeMediaQuery(query, false);
class NoopObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
globalThis.ResizeObserver ??= NoopObserver as unknown as typeof ResizeObserver;
globalThis.IntersectionObserver ??= NoopObserver as unknown as typeof IntersectionObserver;
window.scrollTo = () => undefined;
Element.prototype.scrollTo ??= () => undefined;
Element.prototype.scrollIntoView ??= () => undefined;
// zag's focus trap escapes ids with CSS.escape when fields come and go inside a dialog (jsdom has no CSS.escape)
globalThis.CSS ??= {} as typeof CSS;
CSS.escape ??= (value: string) => value.replace(/([^\w-])/g, '\\$1');

i18n.load({ zh, en });

beforeEach(() => {
  i18n.activate('zh');
});

afterEach(() => {
  cleanup();
  for (const part of document.cookie.split('; ')) {
    const name = part.split('=')[0];
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
});

// Closing a dialog leaves zag's focus trap a return-focus timer; after a file's last test it would
// fire once jsdom is gone ("document is not defined", an unhandled error that fails the run).
afterAll(async () => {
  await new Promise((resolve) => setTimeout(resolve, 50));
});

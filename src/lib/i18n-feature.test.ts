import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLocale, featureCatalogLoaded, loadFeatureCatalog, type LocaleCatalogs } from './i18n';

describe('feature catalogs (kept off /login)', () => {
  afterEach(() => activateLocale('zh'));

  it('loads the active locale at once and every locale activated later, each once', async () => {
    await activateLocale('zh');
    const zh = vi.fn(async () => ({ messages: { 'feature.hello': '你好' } }));
    const en = vi.fn(async () => ({ messages: { 'feature.hello': 'Hello' } }));
    const catalog: LocaleCatalogs = { zh, en };
    expect(featureCatalogLoaded(catalog)).toBe(false);
    await loadFeatureCatalog(catalog);
    expect(featureCatalogLoaded(catalog)).toBe(true);
    expect(i18n._('feature.hello')).toBe('你好');
    expect(en).not.toHaveBeenCalled();
    await activateLocale('en');
    expect(i18n._('feature.hello')).toBe('Hello');
    await activateLocale('zh');
    await activateLocale('en');
    await loadFeatureCatalog(catalog);
    expect(zh).toHaveBeenCalledTimes(1);
    expect(en).toHaveBeenCalledTimes(1);
  });
});

import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Layout } from './Layout';

vi.mock('./i18n', () => ({ activate: vi.fn(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module'))) }));

describe('the language switch', () => {
  it('a catalog that cannot load (offline, an old page after an update) keeps the language, with a note', async () => {
    const before = i18n.locale;
    render(
      <I18nProvider i18n={i18n}>
        <Layout tenant="demo">page</Layout>
      </I18nProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'English' }));
    expect((await screen.findByTestId('public-language-failed')).textContent).toBe('无法切换语言，请联网后再试。');
    expect(i18n.locale).toBe(before);
  });
});

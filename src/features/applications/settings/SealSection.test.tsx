import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GrantsProvider } from '../../../components/Permission';
import { fakeFetch, ok, renderWithProviders } from '../../../test/render';
import { SealSection } from './SealSection';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderSeal(resId: string, permissions: string[]) {
  const fake = fakeFetch({ '/api/applications/seal': ok({ resId, resName: resId ? 'seal.png' : '' }), '/file/download/r1': { body: {} } });
  vi.stubGlobal('fetch', vi.fn(fake.impl));
  renderWithProviders(
    <GrantsProvider value={{ permissions, roles: [] }}>
      <SealSection />
    </GrantsProvider>,
  );
}

describe('学校印章', () => {
  it('says the default seal is used when none is uploaded; one PNG/JPG of 2 MB at most', async () => {
    renderSeal('', ['spsz', 'spsz_edit']);
    expect((await screen.findByTestId('seal-state')).textContent).toBe('使用默认印章');
    const input = screen.getByTestId('image-input') as HTMLInputElement;
    expect(input.accept).toContain('.png,.jpg,.jpeg');
    expect(input.multiple).toBe(false);
    // nothing changed: nothing to save
    expect((screen.getByTestId('seal-save') as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the uploaded seal as current; without spsz_edit there is no save', async () => {
    renderSeal('r1', ['spsz']);
    await waitFor(() => expect(screen.getByTestId('seal-state').textContent).toBe('当前使用上传的印章'));
    expect(screen.queryByTestId('seal-save')).toBeNull();
  });
});

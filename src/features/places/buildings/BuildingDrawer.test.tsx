import { i18n } from '@lingui/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildings } from '../../../../contracts/resources/buildings';
import { ResourceDrawer } from '../../../components/resource/ResourceDrawer';
import { fakeFetch, ok, renderWithProviders } from '../../../test/render';

const CAMPUS = '0193a000-0000-7000-8000-0000000000c1';

afterEach(() => vi.unstubAllGlobals());

describe('building drawer (the kit drawer from the definition)', () => {
  it('names the campus select by its label (a ref select once had an id of its own, so its label named nothing) and sends the chosen campus', async () => {
    i18n.activate('en');
    vi.stubGlobal('fetch', vi.fn(fakeFetch({ '/api/campuses/options': ok({ rows: [{ id: CAMPUS, label: '本部校区' }] }) }).impl));
    const onSave = vi.fn(async () => undefined);
    renderWithProviders(<ResourceDrawer definition={buildings} testId="building" onClose={() => undefined} onSave={onSave} />);
    const campus = screen.getByRole('combobox', { name: 'Campus' });
    await waitFor(() => expect(within(campus).getByRole('option', { name: '本部校区' })).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Choose the campus')).toBeTruthy();
    fireEvent.change(campus, { target: { value: CAMPUS } });
    fireEvent.change(screen.getByTestId('building-name'), { target: { value: '明德楼' } });
    for (const [label, value] of [['Code', '1'], ['Floors', '5']]) {
      const box = screen.getByRole('textbox', { name: label });
      fireEvent.change(box, { target: { value } });
      fireEvent.blur(box);
    }
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ campusId: CAMPUS, name: '明德楼', code: 1, floors: 5 })));
  });
});

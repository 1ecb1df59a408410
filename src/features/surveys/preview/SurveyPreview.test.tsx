import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { blankQuestion, type SurveyQuestion } from '../../../../contracts/survey-rules';
import { setConfig } from '../../../lib/config';
import { resetOfflineDbForTests, setScope } from '../../../lib/offline/db';
import { fakeFetch, renderWithProviders } from '../../../test/render';
import { blankDraft, keepDraft } from '../builder/draft';
import { SurveyPreview } from './SurveyPreview';

const ID = '01900000-0000-7000-8000-000000000031';
const option = (n: number, label: string) => ({ id: `00000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`, label });
const question = (n: number, { kind, ...over }: Pick<SurveyQuestion, 'kind'> & Partial<SurveyQuestion>): SurveyQuestion => ({
  ...blankQuestion(`00000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`, kind, () => crypto.randomUUID()),
  title: `题${n}`,
  ...over,
});

describe('SurveyPreview', () => {
  beforeEach(() => {
    setConfig({ apiBaseUrl: '' });
    localStorage.clear();
    setScope({ tenant: 'demo', userId: 'teacher' });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    resetOfflineDbForTests();
  });

  it('shows the editor’s unsaved draft from the device; the skip hides the rest; nothing is sent', async () => {
    const fake = fakeFetch({});
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    const yes = option(1, '是');
    const no = option(2, '否');
    const q1 = question(1, { kind: 'single', title: '是否住校', options: [yes, no], skips: [{ optionId: no.id, goTo: 'end' }] });
    const q2 = question(2, { kind: 'text', title: '宿舍楼号', max: 50 });
    keepDraft({ ...blankDraft(ID), title: '住宿调查（未保存）', questions: [q1, q2] as never });
    renderWithProviders(<SurveyPreview id={ID} draft onBack={vi.fn()} onEdit={vi.fn()} />);
    const form = await screen.findByTestId('survey-form');
    expect(within(form).getByRole('heading', { name: '住宿调查（未保存）' })).toBeTruthy();
    expect(screen.getByText('显示的是编辑中尚未保存的内容。')).toBeTruthy();
    expect(screen.getByTestId('survey-q-2')).toBeTruthy();
    fireEvent.click(within(screen.getByTestId('survey-q-1')).getByRole('radio', { name: '否' }));
    expect(screen.queryByTestId('survey-q-2')).toBeNull();
    fireEvent.click(screen.getByTestId('survey-submit'));
    expect(await screen.findByTestId('survey-preview-ok')).toBeTruthy();
    fireEvent.click(screen.getByTestId('preview-desktop'));
    expect(screen.getByTestId('preview-frame').getAttribute('data-width')).toBe('desktop');
    expect(fake.calls).toHaveLength(0);
  });
});

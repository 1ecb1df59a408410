import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setConfig } from '../../../lib/config';
import { fakeFetch, fail, renderWithProviders } from '../../../test/render';
import QrDialog from './QrDialog';

const ID = '01900000-0000-7000-8000-000000000011';
const LINK = `https://xiaowu.example.edu.cn/survey/wjdt/answerSurvey?id=${ID}&tenant=demo`;
const UNSET = '请先在系统配置中设置对外访问地址：问卷链接、二维码和证明核验链接只使用该地址或本校登记的域名';

describe('QrDialog', () => {
  beforeEach(() => {
    setConfig({ apiBaseUrl: '' });
    // jsdom makes no object URLs
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:qr'), revokeObjectURL: vi.fn() }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the QR code with the link the server made from the public address', async () => {
    vi.stubGlobal('fetch', async () => new Response(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), { headers: { 'Content-Type': 'image/png', 'X-Survey-Link': encodeURI(LINK) } }));
    renderWithProviders(<QrDialog id={ID} title="运动会" onClose={vi.fn()} />);
    expect((await screen.findByTestId('survey-qr-image')).getAttribute('src')).toBe('blob:qr');
    expect((screen.getByTestId('survey-qr-link') as HTMLInputElement).value).toBe(LINK);
    expect(screen.getByRole('button', { name: '复制链接' })).toBeTruthy();
  });

  it('without a public address shows the server’s refusal, and no link to copy', async () => {
    const fake = fakeFetch({ '/api/surveys/qr': fail(40000, UNSET) });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    renderWithProviders(<QrDialog id={ID} title="运动会" onClose={vi.fn()} />);
    expect((await screen.findByRole('alert')).textContent).toContain(UNSET);
    expect(screen.queryByTestId('survey-qr-link')).toBeNull();
    expect(screen.queryByRole('button', { name: '复制链接' })).toBeNull();
    expect(screen.queryByTestId('survey-qr-image')).toBeNull();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, ok } from '../test/render';
import { fetchRaw, postMultipart } from './http';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('http: multipart and raw calls', () => {
  it('postMultipart sends the FormData as is (the browser sets the boundary), with the token, and returns the envelope', async () => {
    document.cookie = 'xiaowu-token=tok; path=/';
    const fake = fakeFetch({ '/file/upload': ok([{ resId: 'r' }]) });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    const form = new FormData();
    form.append('file', new File(['x'], 'a.txt'));
    const answer = await postMultipart<{ resId: string }[]>('/file/upload', form);
    expect(answer).toMatchObject({ code: 1, result: true, data: [{ resId: 'r' }] });
    const headers = new Headers(fake.calls[0].init.headers);
    expect(fake.calls[0].init.body).toBe(form);
    expect(headers.get('Content-Type')).toBeNull();
    expect(headers.get('X-Access-Token')).toBe('tok');
  });

  it('fetchRaw keeps a caller Accept header and saves a renewed token', async () => {
    document.cookie = 'xiaowu-token=old; path=/';
    const fake = fakeFetch({ '/raw': { body: 'x', headers: { 'X-Access-Token': 'new' } } });
    vi.stubGlobal('fetch', vi.fn(fake.impl));
    const response = await fetchRaw('/raw', { headers: { Accept: '*/*' } });
    expect(response.status).toBe(200);
    expect(new Headers(fake.calls[0].init.headers).get('Accept')).toBe('*/*');
    expect(document.cookie).toContain('xiaowu-token=new');
  });
});

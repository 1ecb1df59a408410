import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadFile, DOWNLOAD_TIMEOUT_MS, fileNameFromDisposition, FILE_REQUEST_HEADER } from './download';
import { HttpError } from './http';
import { toaster } from './toaster';

function answer(body: BodyInit | null, status: number, headers: Record<string, string> = {}) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => new Response(body, { status, headers }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function spySave() {
  const clicks: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicks.push(this.download);
  });
  URL.createObjectURL = vi.fn(() => 'blob:x');
  URL.revokeObjectURL = vi.fn();
  return clicks;
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('file download client (SPEC §7, §8)', () => {
  it('marks the call as a file request, with a 3,000,000 ms timeout', async () => {
    const timeout = vi.spyOn(AbortSignal, 'timeout');
    const fetchMock = answer('{"code":1,"result":true,"msg":"","data":1}', 200, { 'Content-Type': 'application/json' });
    await downloadFile('/x');
    const headers = new Headers(fetchMock.mock.calls[0][1]?.headers);
    expect(headers.get(FILE_REQUEST_HEADER)).toBe('1');
    expect(timeout).toHaveBeenCalledWith(DOWNLOAD_TIMEOUT_MS);
    expect(DOWNLOAD_TIMEOUT_MS).toBe(3_000_000);
  });

  it('a JSON blob with code 1 is success: resolves with its data, saves nothing', async () => {
    const clicks = spySave();
    answer(JSON.stringify({ code: 1, result: true, msg: 'ok', data: { url: 'u' } }), 200, { 'Content-Type': 'application/json' });
    await expect(downloadFile('/export')).resolves.toEqual({ kind: 'data', data: { url: 'u' }, msg: 'ok' });
    expect(clicks).toEqual([]);
  });

  it('saves a file under the Content-Disposition name, filename* first', async () => {
    const clicks = spySave();
    answer('bytes', 200, {
      'Content-Type': 'application/octet-stream',
      'Content-Disposition': `attachment; filename="scores.xlsx"; filename*=UTF-8''${encodeURIComponent('成绩单.xlsx')}`,
    });
    const result = await downloadFile('/file/download/1');
    expect(result).toMatchObject({ kind: 'file', fileName: '成绩单.xlsx' });
    expect(clicks).toEqual(['成绩单.xlsx']);
  });

  it('prefers the name given in params, and saves nothing with download: false', async () => {
    const clicks = spySave();
    answer('bytes', 200, { 'Content-Disposition': 'attachment; filename="a.bin"' });
    await downloadFile('/f', { fileName: '模板.xlsx' });
    answer('bytes', 200, { 'Content-Disposition': 'attachment; filename="a.bin"' });
    const preview = await downloadFile('/f', { download: false });
    expect(clicks).toEqual(['模板.xlsx']);
    expect(preview).toMatchObject({ kind: 'file', fileName: 'a.bin' });
  });

  it('reads a 500 blob as JSON and rejects with its code and msg', async () => {
    answer(JSON.stringify({ code: 59000, result: false, msg: '导出失败', data: null }), 500, { 'Content-Type': 'application/json' });
    await expect(downloadFile('/export')).rejects.toMatchObject({ code: 59000, msg: '导出失败', result: false });
  });

  it('an unreadable 500 gives code -1 请求失败', async () => {
    answer('<html>oops</html>', 500, { 'Content-Type': 'text/html' });
    const error = await downloadFile('/export').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ code: -1, msg: '请求失败' });
  });

  it('a network error shows the 5 s network-error toast', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const toast = vi.spyOn(toaster, 'create');
    await expect(downloadFile('/x')).rejects.toMatchObject({ code: -1, kind: 'network' });
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '网络错误', duration: 5000 }));
  });

  it('parses plain and RFC 5987 names', () => {
    expect(fileNameFromDisposition('attachment; filename=report.pdf')).toBe('report.pdf');
    expect(fileNameFromDisposition("attachment; filename*=utf-8''%E6%88%90.pdf")).toBe('成.pdf');
    expect(fileNameFromDisposition(null)).toBeNull();
  });
});

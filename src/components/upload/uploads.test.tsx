import { i18n } from '@lingui/core';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IMPORT_ACCEPT, UPLOAD_COUNT_LIMITS } from '../../../contracts/files';
import { toaster } from '../../lib/toaster';
import { fail, fakeFetch, ok, renderWithProviders, type FakeResponse } from '../../test/render';
import { GrantsProvider } from '../Permission';
import { FileUpload } from './FileUpload';
import { ImageUpload } from './ImageUpload';
import { ImportButton } from './ImportButton';

const file = (name: string, size: number, type = '') => new File([new Uint8Array(size)], name, { type });
type Routes = Record<string, FakeResponse | ((init: RequestInit, url: URL) => FakeResponse)>;

let toast: { mock: { calls: unknown[][] } };
const titles = () => toast.mock.calls.map((call) => (call[0] as { title?: string }).title);

function stub(routes: Routes) {
  const fake = fakeFetch(routes);
  vi.stubGlobal('fetch', vi.fn(fake.impl));
  return fake.calls;
}

beforeEach(() => {
  toast = vi.spyOn(toaster, 'create');
  URL.createObjectURL = vi.fn(() => 'blob:local');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function Files(props: Partial<Parameters<typeof FileUpload>[0]> & { start?: string[] }) {
  const [value, setValue] = useState<string[]>(props.start ?? []);
  return (
    <>
      <FileUpload {...props} value={value} onChange={setValue} />
      <output data-testid="ids">{value.join(',')}</output>
    </>
  );
}

function Images(props: Partial<Parameters<typeof ImageUpload>[0]> & { start?: string[] }) {
  const [value, setValue] = useState<string[]>(props.start ?? []);
  return (
    <>
      <ImageUpload {...props} value={value} onChange={setValue} />
      <output data-testid="ids">{value.join(',')}</output>
    </>
  );
}

const choose = (testId: string, files: File[]) => act(async () => fireEvent.change(screen.getByTestId(testId), { target: { files } }));
const uploads = (calls: { url: URL; init: RequestInit }[]) => calls.filter((c) => c.url.pathname === '/file/upload');

describe('FileUpload', () => {
  it('refuses zero-byte, wrong type, too large and too many BEFORE sending, each with its message', async () => {
    const calls = stub({});
    renderWithProviders(<Files accept="pdf,doc" maxSizeKB={1} limit={2} start={['f1']} />);
    await choose('file-input', [file('a.pdf', 0)]);
    await choose('file-input', [file('a.txt', 10)]);
    await choose('file-input', [file('a.pdf', 2048)]);
    await choose('file-input', [file('a.pdf', 10), file('b.pdf', 10)]);
    expect(titles()).toEqual(['上传文件大小不能为0', '只能上传pdf,doc类型的文件', '上传文件大小不能超过1KB', '上传的文件不能超过2个']);
    expect(uploads(calls)).toHaveLength(0);
  });

  it('uses the custom size tip', async () => {
    stub({});
    renderWithProviders(<Files maxSizeKB={1} sizeTip="文件太大" />);
    await choose('file-input', [file('a.pdf', 4096)]);
    expect(titles()).toEqual(['文件太大']);
  });

  it('uploads multipart field file with the extra data and category, lists the name, and goes loading → idle', async () => {
    let release: () => void = () => undefined;
    const calls = stub({
      '/file/upload': () => ok([{ resId: 'r1', resName: '通知.pdf', resSuffix: 'pdf', size: 10 }]),
    });
    const gate = new Promise<void>((resolve) => (release = resolve));
    const original = globalThis.fetch;
    vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      await gate;
      return original(input, init);
    }));
    renderWithProviders(<Files category="document" data={{ owner: 'x' }} />);
    const button = screen.getByRole('button', { name: /上传文件/ });
    await choose('file-input', [file('通知.pdf', 10, 'application/pdf')]);
    expect(button.hasAttribute('data-loading')).toBe(true);
    await act(async () => release());
    await waitFor(() => expect(screen.getByTestId('ids').textContent).toBe('r1'));
    expect(button.hasAttribute('data-loading')).toBe(false);
    expect(screen.getByText('通知.pdf')).toBeTruthy();
    const body = uploads(calls)[0]?.init.body;
    expect(body).toBeInstanceOf(FormData);
    const form = body as FormData;
    expect((form.get('file') as File).name).toBe('通知.pdf');
    expect(form.get('owner')).toBe('x');
    expect(form.get('category')).toBe('document');
  });

  it('a server failure warns with its msg and adds nothing', async () => {
    stub({ '/file/upload': fail(40000, '文件内容与扩展名不符') });
    renderWithProviders(<Files />);
    await choose('file-input', [file('a.pdf', 10)]);
    await waitFor(() => expect(titles()).toContain('文件内容与扩展名不符'));
    expect(toast.mock.calls.at(-1)?.[0]).toMatchObject({ type: 'warning' });
    expect(screen.getByTestId('ids').textContent).toBe('');
  });

  it('is disabled when the limit is reached, and when disabled', async () => {
    stub({ '/file/getFiles': ok([{ resId: 'f1', resName: '已有.pdf', resSuffix: 'pdf' }]) });
    renderWithProviders(<Files limit={1} start={['f1']} />);
    expect((screen.getByRole('button', { name: /上传文件/ }) as HTMLButtonElement).disabled).toBe(true);
    expect(await screen.findByText('已有.pdf')).toBeTruthy();
  });

  it('is disabled when told, and offers no delete then', async () => {
    stub({ '/file/getFiles': ok([{ resId: 'f1', resName: '已有.pdf', resSuffix: 'pdf' }]) });
    renderWithProviders(<Files disabled start={['f1']} />);
    expect((screen.getByRole('button', { name: /上传文件/ }) as HTMLButtonElement).disabled).toBe(true);
    await screen.findByText('已有.pdf');
    expect(screen.queryByRole('button', { name: '删除 已有.pdf' })).toBeNull();
  });

  it('delete asks 此操作将永久删除这个文件，是否继续？; cancel says 已取消删除操作; OK removes through /file/remove/{resId}', async () => {
    const calls = stub({ '/file/getFiles': ok([{ resId: 'f1', resName: '已有.pdf', resSuffix: 'pdf' }]), '/file/remove/f1': ok(null) });
    renderWithProviders(<Files start={['f1']} />);
    fireEvent.click(await screen.findByRole('button', { name: '删除 已有.pdf' }));
    expect(await screen.findByText('此操作将永久删除这个文件，是否继续？')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    expect(titles()).toContain('已取消删除操作');
    expect(calls.some((c) => c.url.pathname.startsWith('/file/remove'))).toBe(false);
    fireEvent.click(await screen.findByRole('button', { name: '删除 已有.pdf' }));
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: '确定' })));
    await waitFor(() => expect(screen.getByTestId('ids').textContent).toBe(''));
    expect(calls.find((c) => c.url.pathname === '/file/remove/f1')?.init.method).toBe('POST');
  });
});

describe('ImageUpload', () => {
  it('accepts images only and says upload image size cannot be 0 in English', async () => {
    i18n.activate('en');
    const calls = stub({});
    renderWithProviders(<Images />);
    await choose('image-input', [file('a.png', 0, 'image/png')]);
    await choose('image-input', [file('a.pdf', 10, 'application/pdf')]);
    expect(titles()[0]).toBe('upload image size cannot be 0');
    expect(titles()[1]).toMatch(/^Only files of type/);
    expect(uploads(calls)).toHaveLength(0);
  });

  it('notice pictures: the 9-picture limit from contracts/files.ts disables adding at 9', async () => {
    stub({});
    const nine = Array.from({ length: 9 }, (_, i) => `i${i}`);
    renderWithProviders(<Images category="picture" limit={UPLOAD_COUNT_LIMITS.noticePictures} start={nine} />);
    expect(UPLOAD_COUNT_LIMITS).toMatchObject({ noticePictures: 9, noticeVideos: 1, noticeDocuments: 4, leaveCertificatePictures: 4 });
    expect(screen.getAllByTestId('thumbnail')).toHaveLength(9);
    expect(screen.queryByRole('button', { name: '上传图片' })).toBeNull();
  });

  it('uses the category’s limits (staff upload: 500KB, jpg only)', async () => {
    stub({});
    renderWithProviders(<Images category="staffUpload" />);
    await choose('image-input', [file('a.png', 10, 'image/png')]);
    await choose('image-input', [file('a.jpg', 501 * 1024, 'image/jpeg')]);
    expect(titles()).toEqual(['只能上传.jpg类型的文件', '上传文件大小不能超过500KB']);
  });

  it('shows a thumbnail after upload, hides the add tile at the limit, and confirms deletes with the image text', async () => {
    stub({ '/file/upload': ok([{ resId: 'i1', resName: 'a.jpg', resSuffix: 'jpg', size: 10 }]) });
    renderWithProviders(<Images limit={1} />);
    await choose('image-input', [file('a.jpg', 10, 'image/jpeg')]);
    await waitFor(() => expect(screen.getAllByTestId('thumbnail')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: '上传图片' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '删除图片' }));
    expect(await screen.findByText('此操作将永久删除这张图片，是否继续？')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    expect(titles()).toContain('已取消删除操作');
  });
});

describe('ImportButton', () => {
  const grants = { permissions: ['staff_import'], roles: [] };
  const renderImport = (props: Partial<Parameters<typeof ImportButton>[0]> = {}, held = grants) =>
    renderWithProviders(
      <GrantsProvider value={held}>
        <ImportButton url="/things/import" permission="staff_import" {...props} />
      </GrantsProvider>,
    );

  it('is hidden without its permission; the default text is 导入 and accept is .xlsx,.xls, one file', async () => {
    stub({});
    const view = renderImport({}, { permissions: [], roles: [] });
    expect(screen.queryByRole('button', { name: '导入' })).toBeNull();
    view.unmount();
    renderImport();
    fireEvent.click(screen.getByRole('button', { name: '导入' }));
    const input = (await screen.findByTestId('import-input')) as HTMLInputElement;
    expect(input.accept).toBe(IMPORT_ACCEPT);
    expect(IMPORT_ACCEPT).toBe('.xlsx,.xls');
    expect(input.multiple).toBe(false);
  });

  it('opens only after the async pre-check succeeds', async () => {
    stub({});
    const check = vi.fn().mockRejectedValueOnce(new Error('not now')).mockResolvedValueOnce(false).mockResolvedValueOnce(true);
    renderImport({ beforeOpen: check });
    const button = screen.getByRole('button', { name: '导入' });
    await act(async () => fireEvent.click(button));
    await act(async () => fireEvent.click(button));
    expect(screen.queryByTestId('import-input')).toBeNull();
    await act(async () => fireEvent.click(button));
    expect(await screen.findByTestId('import-input')).toBeTruthy();
    expect(check).toHaveBeenCalledTimes(3);
  });

  it('checks with the import texts before sending', async () => {
    const calls = stub({});
    renderImport({ maxSizeKB: 1 });
    fireEvent.click(screen.getByRole('button', { name: '导入' }));
    await screen.findByTestId('import-input');
    await choose('import-input', [file('a.xlsx', 1), file('b.xlsx', 1)]);
    await choose('import-input', [file('a.xlsx', 0)]);
    await choose('import-input', [file('a.csv', 10)]);
    await choose('import-input', [file('a.xlsx', 2048)]);
    expect(titles()).toEqual(['每次只能选择1个文件', '文件大小不能为0', '只能上传.xlsx,.xls类型的文件', '上传图片大小不能超过1KB']);
    expect(calls.filter((c) => c.url.pathname === '/things/import')).toHaveLength(0);
  });

  it('uploads with the token, shows the result msg and closes; template downloads by GET with query', async () => {
    document.cookie = 'xiaowu-token=tok; path=/';
    const calls = stub({ '/things/import': { body: { code: 1, result: true, msg: '成功导入3条', data: null } }, '/things/template': { body: 'x', headers: { 'Content-Type': 'application/octet-stream' } } });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const onImported = vi.fn();
    renderImport({ templateUrl: '/things/template', templateParams: { kind: 'staff' }, templateName: '模板.xlsx', onImported });
    fireEvent.click(screen.getByRole('button', { name: '导入' }));
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: '下载模板' })));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/things/template')).toBe(true));
    const template = calls.find((c) => c.url.pathname === '/things/template')!;
    expect(template.init.method).toBe('GET');
    expect(template.url.searchParams.get('kind')).toBe('staff');
    await choose('import-input', [file('a.xlsx', 10)]);
    await waitFor(() => expect(onImported).toHaveBeenCalled());
    const upload = calls.find((c) => c.url.pathname === '/things/import')!;
    expect(new Headers(upload.init.headers).get('X-Access-Token')).toBe('tok');
    expect(titles()).toContain('成功导入3条');
    await waitFor(() => expect(screen.queryByTestId('import-input')).toBeNull());
  });

  it('can stay open after an upload, showing the result msg', async () => {
    stub({ '/things/import': { body: { code: 1, result: true, msg: '成功导入1条', data: null } } });
    renderImport({ closeAfterUpload: false });
    fireEvent.click(screen.getByRole('button', { name: '导入' }));
    await screen.findByTestId('import-input');
    await choose('import-input', [file('a.xlsx', 10)]);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('成功导入1条'));
    expect(screen.getByTestId('import-input')).toBeTruthy();
  });

  it('a failed import warns with msg and stays open showing it', async () => {
    stub({ '/things/import': fail(40000, '请使用模板导入') });
    renderImport();
    fireEvent.click(screen.getByRole('button', { name: '导入' }));
    await screen.findByTestId('import-input');
    await choose('import-input', [file('a.xlsx', 10)]);
    await waitFor(() => expect(titles()).toContain('请使用模板导入'));
    expect(screen.getByRole('status').textContent).toBe('请使用模板导入');
  });

  it("onFailed receives a refusal's code, msg and data; returning true closes the popover, otherwise it stays open", async () => {
    const errors = [{ row: 3, message: '成绩应在0到100之间' }];
    stub({ '/things/import': { body: { code: 40000, result: false, msg: '导入失败：1 行有错误', data: { errors } } } });
    const onFailed = vi.fn().mockReturnValueOnce(undefined).mockReturnValueOnce(true);
    const onImported = vi.fn();
    renderImport({ onFailed, onImported, testId: 'things-import', hint: '按模板填写' });
    fireEvent.click(screen.getByTestId('things-import'));
    await screen.findByTestId('import-input');
    expect(screen.getByText('按模板填写')).toBeTruthy();
    expect(screen.queryByText('只能上传.xlsx,.xls类型的文件')).toBeNull();
    await choose('import-input', [file('a.xlsx', 10)]);
    await waitFor(() => expect(onFailed).toHaveBeenCalledTimes(1));
    expect(onFailed).toHaveBeenCalledWith({ code: 40000, msg: '导入失败：1 行有错误', data: { errors }, kind: 'failure' });
    expect(titles()).toContain('导入失败：1 行有错误');
    expect(screen.getByRole('status').textContent).toBe('导入失败：1 行有错误');
    expect(screen.getByTestId('import-input')).toBeTruthy();
    await choose('import-input', [file('a.xlsx', 10)]);
    await waitFor(() => expect(onFailed).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.queryByTestId('import-input')).toBeNull());
    expect(onImported).not.toHaveBeenCalled();
  });

  it('onFailed is not called for a refusal caught before sending, nor for a success', async () => {
    const calls = stub({ '/things/import': { body: { code: 1, result: true, msg: '成功导入1条', data: null } } });
    const onFailed = vi.fn();
    renderImport({ onFailed });
    fireEvent.click(screen.getByRole('button', { name: '导入' }));
    await screen.findByTestId('import-input');
    await choose('import-input', [file('a.csv', 10)]);
    await choose('import-input', [file('a.xlsx', 10)]);
    await waitFor(() => expect(titles()).toContain('成功导入1条'));
    expect(calls.filter((c) => c.url.pathname === '/things/import')).toHaveLength(1);
    expect(onFailed).not.toHaveBeenCalled();
  });
});

describe('ImageUpload thumbnails of stored images', () => {
  it('fetches each stored image with the token as a preview blob and shows it', async () => {
    document.cookie = 'xiaowu-token=tok; path=/';
    const calls = stub({ '/file/download/i9': { body: 'png-bytes', headers: { 'Content-Type': 'image/png' } } });
    renderWithProviders(<Images start={['i9']} />);
    await waitFor(() => expect(screen.getByTestId('thumbnail').querySelector('img')?.getAttribute('src')).toBe('blob:local'));
    const call = calls.find((c) => c.url.pathname === '/file/download/i9')!;
    expect(call.url.searchParams.get('preview')).toBe('1');
    expect(new Headers(call.init.headers).get('X-Access-Token')).toBe('tok');
  });
});

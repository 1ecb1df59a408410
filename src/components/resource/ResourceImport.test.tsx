import axe from 'axe-core';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { classrooms } from '../../../contracts/resources/classrooms';
import { toaster } from '../../lib/toaster';
import { fakeFetch, ok, renderScreen, type FakeResponse } from '../../test/render';
import { ResourceImport } from './ResourceImport';

type Route = FakeResponse | ((init: RequestInit, url: URL) => FakeResponse);
let calls: { url: URL; init: RequestInit }[] = [];
let toast: { mock: { calls: unknown[][] } };
/** resolves the upload's half-way progress event; the answer waits for `finishUpload` */
let finishUpload: () => void = () => undefined;

/**
 * The browser's XMLHttpRequest as the http module's progress uploads use it, answered by the same
 * fake routes as fetch: it reports half the bytes sent, then waits for the test to let it finish.
 */
function stub(routes: Record<string, Route>) {
  const fake = fakeFetch(routes);
  calls = fake.calls;
  vi.stubGlobal('fetch', vi.fn(fake.impl));
  class FakeXhr {
    upload: {
      onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
    } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onabort: (() => void) | null = null;
    withCredentials = false;
    responseType = '';
    status = 0;
    statusText = '';
    response: Blob | null = null;
    private method = 'GET';
    private url = '';
    private headers: Record<string, string> = {};
    private answerHeaders = '';
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    getAllResponseHeaders() {
      return this.answerHeaders;
    }
    abort() {
      this.onabort?.();
    }
    send(body: unknown) {
      this.upload.onprogress?.({
        lengthComputable: true,
        loaded: 50,
        total: 100,
      });
      void new Promise<void>((resolve) => (finishUpload = resolve)).then(async () => {
        const answer = await fake.impl(this.url, {
          method: this.method,
          body: body as BodyInit,
          headers: this.headers,
        });
        this.status = answer.status;
        this.response = await answer.blob();
        answer.headers.forEach((value, name) => (this.answerHeaders += `${name}: ${value}\r\n`));
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
}

const xlsx = (name = 'rooms.xlsx', size = 2048) => new File([new Uint8Array(size)], name);
async function choose(file: File) {
  const input = await screen.findByTestId('resource-import-input');
  await act(async () => fireEvent.change(input, { target: { files: [file] } }));
}
/** lets the upload in flight answer, once it has reported its progress */
async function finish() {
  await screen.findByText('正在上传 50%');
  await act(async () => finishUpload());
}
const posted = (path: string) => calls.filter((call) => call.url.pathname === path);
const titles = () => toast.mock.calls.map((call) => (call[0] as { title?: string }).title);

beforeEach(() => void (toast = vi.spyOn(toaster, 'create')));
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function open(onImported = vi.fn(), permissions = ['jsgl_import']) {
  renderScreen(
    <>
      <span data-testid="rendered" />
      <ResourceImport definition={classrooms} permission="jsgl_import" onImported={onImported} />
    </>,
    { permissions },
  );
  return onImported;
}

describe('ResourceImport', () => {
  it('is not there without the permission', async () => {
    stub({});
    open(vi.fn(), ['jsgl']);
    await screen.findByTestId('rendered');
    expect(screen.queryByTestId('resource-import')).toBeNull();
  });

  it('downloads the template and refuses an empty file or another type before sending', async () => {
    stub({
      '/api/classrooms/import/template': {
        body: {},
        headers: {
          'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        },
      },
    });
    open();
    fireEvent.click(await screen.findByTestId('resource-import'));
    const dialog = await screen.findByRole('dialog', { name: '导入教室管理' });
    fireEvent.click(within(dialog).getByTestId('resource-import-template'));
    await waitFor(() => expect(posted('/api/classrooms/import/template')).toHaveLength(1));
    expect(posted('/api/classrooms/import/template')[0].init.method).toBe('GET');

    await choose(xlsx('rooms.xlsx', 0));
    expect(screen.getByTestId('resource-import-problem').textContent).toBe('文件大小不能为0');
    await choose(xlsx('rooms.csv'));
    expect(screen.getByTestId('resource-import-problem').textContent).toBe('只能上传.xlsx,.xls类型的文件');
    await choose(xlsx('rooms.xls', 5 * 1024 * 1024 + 1));
    expect(screen.getByTestId('resource-import-problem').textContent).toContain('5120KB');
    expect(posted('/api/classrooms/import/check')).toHaveLength(0);
  });

  it('shows the upload progress, then every problem by row and column, and no way to apply', async () => {
    const issues = [
      {
        row: 1,
        field: '',
        message: '导入文件与模板不符，请使用下载的模板（未知的列：备注）',
      },
      ...Array.from({ length: 30 }, (_, i) => ({
        row: i + 2,
        field: 'capacity',
        message: '容纳人数不能大于99',
      })),
    ];
    stub({
      '/api/classrooms/import/check': ok({
        total: 30,
        added: 30,
        updated: 0,
        issues,
      }),
    });
    open();
    fireEvent.click(await screen.findByTestId('resource-import'));
    await choose(xlsx());
    expect(await screen.findByText('正在上传 50%')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: '上传并检查的进度' })).toHaveProperty('value', 50);
    await finish();

    expect(await screen.findByTestId('resource-import-issues-summary')).toHaveProperty('textContent', '发现31个问题，未导入任何数据。请修改文件后重新选择。');
    const rows = within(screen.getByTestId('resource-import-result')).getAllByRole('row');
    expect(rows).toHaveLength(32);
    expect(rows[1].textContent).toBe(`1整个文件${issues[0].message}`);
    expect(rows[31].textContent).toBe('31容纳人数容纳人数不能大于99');
    expect(screen.queryByTestId('resource-import-apply')).toBeNull();
    const check = posted('/api/classrooms/import/check')[0];
    expect((check.init.body as FormData).get('file')).toBeInstanceOf(File);

    const results = await axe.run(screen.getByRole('dialog'), {
      rules: { 'color-contrast': { enabled: false } },
    });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });

  it('says what applying would do, applies the same file, closes, says the msg and calls onImported', async () => {
    stub({
      '/api/classrooms/import/check': ok({
        total: 3,
        added: 2,
        updated: 1,
        issues: [],
      }),
      '/api/classrooms/import/apply': {
        body: {
          code: 1,
          result: true,
          msg: '导入成功',
          data: { added: 2, updated: 1 },
        },
      },
    });
    const onImported = open();
    fireEvent.click(await screen.findByTestId('resource-import'));
    const file = xlsx();
    await choose(file);
    await finish();
    expect((await screen.findByTestId('resource-import-counts')).textContent).toBe('共3条：新增2条，更新1条');

    fireEvent.click(screen.getByTestId('resource-import-apply'));
    expect(await screen.findByRole('progressbar', { name: '上传并导入的进度' })).toBeTruthy();
    await finish();
    await waitFor(() => expect(onImported).toHaveBeenCalledTimes(1));
    const sent = (posted('/api/classrooms/import/apply')[0].init.body as FormData).get('file') as File;
    expect([sent.name, sent.size]).toEqual([file.name, file.size]);
    expect(titles()).toContain('导入成功');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('an apply refused with issues (the data changed since the check) shows them; another refusal its msg', async () => {
    let applyAnswer: FakeResponse = {
      body: {
        code: 40000,
        result: false,
        msg: '房间号A101已存在',
        data: {
          issues: [{ row: 2, field: 'code', message: '房间号A101已存在' }],
        },
      },
    };
    stub({
      '/api/classrooms/import/check': ok({
        total: 1,
        added: 1,
        updated: 0,
        issues: [],
      }),
      '/api/classrooms/import/apply': () => applyAnswer,
    });
    const onImported = open();
    fireEvent.click(await screen.findByTestId('resource-import'));
    await choose(xlsx());
    await finish();
    fireEvent.click(await screen.findByTestId('resource-import-apply'));
    await finish();
    const rows = within(await screen.findByTestId('resource-import-result')).getAllByRole('row');
    expect(rows[1].textContent).toBe('2房间号房间号A101已存在');
    expect(screen.queryByTestId('resource-import-apply')).toBeNull();

    applyAnswer = {
      body: { code: 40300, result: false, msg: '没有权限', data: null },
    };
    await choose(xlsx());
    await finish();
    fireEvent.click(await screen.findByTestId('resource-import-apply'));
    await finish();
    expect((await screen.findByTestId('resource-import-problem')).textContent).toBe('没有权限');
    expect(onImported).not.toHaveBeenCalled();
  });
});

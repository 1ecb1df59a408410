import { i18n } from '@lingui/core';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toaster } from '../lib/toaster';
import { fail, fakeFetch, ok, renderWithProviders } from '../test/render';
import { DeleteButton } from './DeleteButton';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function setup(answer: ReturnType<typeof ok> | ReturnType<typeof fail>, props: Partial<Parameters<typeof DeleteButton>[0]> = {}) {
  const fake = fakeFetch({ '/things/delete': { body: { ...answer.body, msg: answer.body.msg || '删除成功了' } } });
  vi.stubGlobal('fetch', vi.fn(fake.impl));
  const toast = vi.spyOn(toaster, 'create');
  const onDeleted = vi.fn();
  renderWithProviders(<DeleteButton url="/things/delete" params={{ id: '7' }} onDeleted={onDeleted} {...props} />);
  return { calls: fake.calls, toast, onDeleted };
}

describe('DeleteButton (SPEC §7, §8)', () => {
  it('asks 此操作将永久删除所选数据, 是否继续? and on OK posts the params; result true shows msg and calls onDeleted', async () => {
    const { calls, toast, onDeleted } = setup(ok(null));
    fireEvent.click(screen.getByRole('button', { name: '删除' }));
    expect(await screen.findByText('此操作将永久删除所选数据, 是否继续?')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '确定' })));
    await waitFor(() => expect(onDeleted).toHaveBeenCalledWith('删除成功了'));
    expect(calls[0].init.method).toBe('POST');
    expect(JSON.parse(String(calls[0].init.body))).toEqual({ id: '7' });
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '删除成功了', type: 'success' }));
  });

  it('cancel says 已取消删除操作 and sends nothing', async () => {
    const { calls, toast, onDeleted } = setup(ok(null));
    fireEvent.click(screen.getByRole('button', { name: '删除' }));
    fireEvent.click(await screen.findByRole('button', { name: '取消' }));
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '已取消删除操作' }));
    expect(calls).toHaveLength(0);
    expect(onDeleted).not.toHaveBeenCalled();
  });

  it('a failure warns with the server msg and does not call onDeleted', async () => {
    const { toast, onDeleted } = setup(fail(40900, '数据已被引用'));
    fireEvent.click(screen.getByRole('button', { name: '删除' }));
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: '确定' })));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '数据已被引用', type: 'warning' })));
    expect(onDeleted).not.toHaveBeenCalled();
  });

  it('can send form-encoded with another method; English texts', async () => {
    i18n.activate('en');
    const { calls } = setup(ok(null), { method: 'PUT', formEncoded: true });
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('This will permanently delete the selected data. Continue?')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'OK' })));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].init.method).toBe('PUT');
    expect(String(calls[0].init.body)).toBe('id=7');
  });
});

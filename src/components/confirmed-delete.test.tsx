import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../lib/http';
import { toaster } from '../lib/toaster';
import { renderWithProviders } from '../test/render';
import { ConfirmDelete } from './ConfirmDelete';
import { useConfirmedDelete, type ConfirmedDeleteOptions } from './confirmed-delete';

afterEach(() => vi.restoreAllMocks());

function Screen(options: ConfirmedDeleteOptions<string[]>) {
  const { target, ask, dialog } = useConfirmedDelete<string[]>(options);
  return (
    <>
      <button onClick={() => ask(['a', 'b'])}>删除所选</button>
      <ConfirmDelete {...dialog} title="删除东西">
        {target && <span>共 {target.length} 条</span>}
      </ConfirmDelete>
    </>
  );
}

function setup(remove: (ids: string[]) => Promise<unknown>, more: Partial<ConfirmedDeleteOptions<string[]>> = {}) {
  const toast = vi.spyOn(toaster, 'create');
  const onDeleted = vi.fn();
  const onSettled = vi.fn(async () => undefined);
  const removeSpy = vi.fn(remove);
  renderWithProviders(<Screen remove={removeSpy} onDeleted={onDeleted} onSettled={onSettled} {...more} />);
  return { toast, onDeleted, onSettled, remove: removeSpy };
}

describe('useConfirmedDelete with ConfirmDelete (SPEC §8)', () => {
  it('asks about the target, deletes it on 确定, says 删除成功, then onDeleted and the refresh; the dialog closes', async () => {
    const { toast, onDeleted, onSettled, remove } = setup(async () => null);
    fireEvent.click(screen.getByRole('button', { name: '删除所选' }));
    expect(await screen.findByText('此操作将永久删除所选数据, 是否继续?')).toBeTruthy();
    expect(screen.getByText('共 2 条')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '确定' })));
    await waitFor(() => expect(onSettled).toHaveBeenCalledTimes(1));
    expect(remove).toHaveBeenCalledWith(['a', 'b']);
    expect(onDeleted).toHaveBeenCalledTimes(1);
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '删除成功', type: 'success' }));
    await waitFor(() => expect(screen.queryByText('共 2 条')).toBeNull());
  });

  it('取消 says 已取消删除操作 and deletes nothing', async () => {
    const { toast, remove, onSettled } = setup(async () => null);
    fireEvent.click(screen.getByRole('button', { name: '删除所选' }));
    fireEvent.click(await screen.findByRole('button', { name: '取消' }));
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '已取消删除操作' }));
    expect(remove).not.toHaveBeenCalled();
    expect(onSettled).not.toHaveBeenCalled();
  });

  it('a refusal warns with the server msg, keeps onDeleted uncalled and still reads the list again', async () => {
    const refused = setup(async () => {
      throw new HttpError(40900, '已被引用，不能删除');
    });
    fireEvent.click(screen.getByRole('button', { name: '删除所选' }));
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: '确定' })));
    await waitFor(() => expect(refused.onSettled).toHaveBeenCalledTimes(1));
    expect(refused.toast).toHaveBeenCalledWith(expect.objectContaining({ title: '已被引用，不能删除', type: 'warning' }));
    expect(refused.onDeleted).not.toHaveBeenCalled();
  });
});

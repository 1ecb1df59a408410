import { beforeEach, describe, expect, it, vi } from 'vitest';

const create = vi.fn();
vi.mock('./toaster-store', () => ({ toasterStore: { create } }));

describe('toaster (loaded with the first toast)', () => {
  beforeEach(() => {
    vi.resetModules();
    create.mockClear();
  });

  it('asks the host for the renderer on the first toast and shows toasts only once it is mounted', async () => {
    const { toaster, toasterGeneration, toasterMounted, subscribeToasterRequested } = await import('./toaster');
    const heard = vi.fn();
    subscribeToasterRequested(heard);
    expect(toasterGeneration()).toBe(0);
    toaster.create({ title: 'first' });
    toaster.create({ title: 'second' });
    expect(toasterGeneration()).toBe(1);
    expect(heard).toHaveBeenCalledTimes(1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(create).not.toHaveBeenCalled();
    toasterMounted();
    await vi.waitFor(() => expect(create.mock.calls.map(([options]) => options.title)).toEqual(['first', 'second']));
  });

  it('after a failed renderer load the next toast asks again (offline before the service worker holds the chunk)', async () => {
    const { toaster, toasterGeneration, toasterLoadFailed, toasterMounted } = await import('./toaster');
    toaster.create({ title: 'lost' });
    expect(toasterGeneration()).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    toasterLoadFailed();
    toaster.create({ title: 'again' });
    expect(toasterGeneration()).toBe(2);
    toasterMounted();
    await vi.waitFor(() => expect(create.mock.calls.map(([options]) => options.title)).toEqual(['again']));
  });
});

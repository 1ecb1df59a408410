import { i18n } from '@lingui/core';
import { act, fireEvent, screen } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toaster } from '../lib/toaster';
import { renderWithProviders } from '../test/render';
import { SIGNATURE, SignatureCanvas, type SignatureCanvasHandle } from './SignatureCanvas';

// jsdom has no 2D canvas: a context whose every method is a no-op is enough for signature_pad.
const context = new Proxy({} as Record<string | symbol, unknown>, {
  get: (target, key) => (key in target ? target[key] : () => undefined),
  set: (target, key, value) => {
    target[key] = value;
    return true;
  },
});

beforeEach(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => context as unknown as CanvasRenderingContext2D);
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockImplementation(() => 'data:image/png;base64,AAAA');
});
afterEach(() => vi.restoreAllMocks());

function pointer(type: string, target: EventTarget, x: number, y: number) {
  const event = new MouseEvent(type, { bubbles: true, cancelable: true, clientX: x, clientY: y, buttons: 1, button: 0 });
  Object.assign(event, { pointerId: 1, pointerType: 'mouse', pressure: 0.5, isPrimary: true });
  target.dispatchEvent(event);
}

describe('SignatureCanvas (SPEC §4, §9)', () => {
  it('is 800×300 and refuses to generate when nothing is drawn: Warning: Not Signned!', async () => {
    i18n.activate('en');
    const toast = vi.spyOn(toaster, 'create');
    const onGenerate = vi.fn();
    renderWithProviders(<SignatureCanvas onGenerate={onGenerate} />);
    const canvas = screen.getByRole('img') as HTMLCanvasElement;
    expect([canvas.width, canvas.height]).toEqual([800, 300]);
    fireEvent.click(screen.getByRole('button', { name: 'Generate signature' }));
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Warning: Not Signned!', type: 'warning' }));
    expect(onGenerate).not.toHaveBeenCalled();
  });

  it('after drawing, generates a PNG at quality 1 with a black 4px pen; clear empties it again', async () => {
    const ref = createRef<SignatureCanvasHandle>();
    const onGenerate = vi.fn();
    renderWithProviders(<SignatureCanvas ref={ref} onGenerate={onGenerate} />);
    const canvas = screen.getByRole('img') as HTMLCanvasElement;
    await act(async () => {
      pointer('pointerdown', canvas, 10, 10);
      pointer('pointermove', canvas, 40, 40);
      pointer('pointerup', canvas, 40, 40);
    });
    expect(ref.current?.isEmpty()).toBe(false);
    expect(ref.current?.generate()).toBe('data:image/png;base64,AAAA');
    expect(HTMLCanvasElement.prototype.toDataURL).toHaveBeenCalledWith('image/png', 1);
    expect(onGenerate).toHaveBeenCalledWith('data:image/png;base64,AAAA');
    expect(SIGNATURE).toMatchObject({ width: 800, height: 300, lineWidth: 4, color: '#000000', type: 'image/png', quality: 1 });
    fireEvent.click(screen.getByRole('button', { name: '清除' }));
    expect(ref.current?.isEmpty()).toBe(true);
  });
});

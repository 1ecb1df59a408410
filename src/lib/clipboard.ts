import { t } from '@lingui/core/macro';
import { TOAST_DURATION, toaster } from './toaster';

/** Copies text and says so (SPEC §8: 复制成功!). Falls back to a hidden textarea where the Clipboard API is missing (http pages). */
export async function copyText(text: string): Promise<boolean> {
  let copied = false;
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      copied = true;
    }
  } catch {
    copied = false;
  }
  if (!copied) copied = copyWithTextarea(text);
  if (copied) toaster.create({ type: 'success', title: t`复制成功!`, duration: TOAST_DURATION });
  return copied;
}

function copyWithTextarea(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return typeof document.execCommand === 'function' && document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

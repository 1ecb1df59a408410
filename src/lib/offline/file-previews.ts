/** The Cache API store of file previews kept for offline use (components/upload/useFilePreviewUrl). */
export const FILE_PREVIEW_CACHE = 'xiaowu-file-previews';

/** Logout: the previews (e.g. leave certificates) leave the device with the user's other reads. */
export async function forgetFilePreviews(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(FILE_PREVIEW_CACHE).catch(() => undefined);
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { ResponseCode } from '../../../contracts/envelope';
import { downloadFile } from '../../lib/download';
import { buildUrl, HttpError } from '../../lib/http';
import { fileDownloadPath } from '../../lib/files';
import { FILE_PREVIEW_CACHE } from '../../lib/offline/file-previews';

/**
 * Previews of stored files (GET /file/download/<id>?preview=1 with the token: an <img src> could not
 * send it). The blobs are not in the persisted query cache (it is JSON); the page keeps each fetched
 * preview in the Cache API (`xiaowu-file-previews`), so a preview seen or prefetched online shows
 * offline too (OFFLINE.md: images are cached reads). The service worker's image route does not see
 * these fetches (their destination is not 'image').
 */
export const PREVIEW_CACHE = FILE_PREVIEW_CACHE;

const cacheAvailable = (): boolean => typeof caches !== 'undefined';
const previewKey = (resId: string): string => buildUrl(fileDownloadPath(resId), { preview: '1' });

async function fetchPreview(resId: string, signal?: AbortSignal): Promise<Blob | null> {
  try {
    const result = await downloadFile(fileDownloadPath(resId), { params: { preview: '1' }, download: false, signal });
    const blob = result.kind === 'file' ? result.blob : null;
    if (blob && cacheAvailable()) {
      await caches
        .open(PREVIEW_CACHE)
        .then((cache) => cache.put(previewKey(resId), new Response(blob, { headers: { 'Content-Type': blob.type || 'application/octet-stream' } })))
        .catch(() => undefined);
    }
    return blob;
  } catch (error) {
    // the server refused (no right to the file, or it is gone): that decides, and the device's copy goes too
    if (error instanceof HttpError && (error.code === ResponseCode.forbidden || error.code === ResponseCode.notFound)) {
      if (cacheAvailable()) await caches.open(PREVIEW_CACHE).then((cache) => cache.delete(previewKey(resId))).catch(() => undefined);
      throw error;
    }
    // offline (or the server is away): the copy kept when it was last seen
    const cached = cacheAvailable() ? await caches.match(previewKey(resId), { cacheName: PREVIEW_CACHE }).catch(() => undefined) : undefined;
    if (cached) return cached.blob();
    throw error;
  }
}

/** The preview blob of a stored file; `prefetchQuery(filePreviewQuery(id))` keeps it for offline use. */
export const filePreviewQuery = (resId: string) =>
  queryOptions({
    queryKey: ['files', 'preview', resId] as const,
    queryFn: ({ signal }) => fetchPreview(resId, signal),
    staleTime: Infinity,
    // a Blob does not survive the JSON persister; the Cache API copy serves offline starts
    meta: { persist: false },
  });

/**
 * An object URL of a stored file's preview (one per fetched blob, released when the blob changes or
 * the component goes). `enabled: false` (e.g. a local URL is shown meanwhile) skips the fetch.
 */
export function useFilePreviewUrl(resId: string, enabled = true): { url?: string; loading: boolean } {
  const blob = useQuery({ ...filePreviewQuery(resId), enabled });
  const url = useMemo(() => (blob.data && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(blob.data) : undefined), [blob.data]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return { url, loading: blob.isLoading };
}

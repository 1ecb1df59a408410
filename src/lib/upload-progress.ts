/**
 * `fetch` with upload progress, for lib/http's `onUploadProgress`: fetch reports none, so the call
 * goes out as an XMLHttpRequest and its answer comes back as a Response (the http module then reads
 * it as any other). Only used for uploads that ask for progress.
 */
export function fetchWithUploadProgress(url: string, init: RequestInit, onProgress: (fraction: number) => void): Promise<Response> {
  return new Promise((resolve, reject) => {
    const aborted = () => reject(new DOMException('The request was cancelled', 'AbortError'));
    if (init.signal?.aborted) {
      aborted();
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(init.method ?? 'GET', url);
    xhr.withCredentials = init.credentials === 'include';
    xhr.responseType = 'blob';
    new Headers(init.headers).forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const headers = new Headers();
      for (const line of xhr
        .getAllResponseHeaders()
        .trim()
        .split(/[\r\n]+/)) {
        const colon = line.indexOf(':');
        if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
      }
      resolve(
        new Response(xhr.status === 204 ? null : (xhr.response as Blob), {
          status: xhr.status,
          statusText: xhr.statusText,
          headers,
        }),
      );
    };
    xhr.onerror = () => reject(new TypeError('Network request failed'));
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = aborted;
    init.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null);
  });
}

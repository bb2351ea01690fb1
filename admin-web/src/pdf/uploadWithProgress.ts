import { HttpError } from 'react-admin';

export interface UploadProgress {
  loaded: number;
  total: number;
}

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * PUTs a file to a pre-signed address. XMLHttpRequest rather than fetch, because only it reports
 * upload progress. The address authorises the upload by itself: it never receives the session token.
 */
export function putWithProgress(
  url: string,
  body: Blob,
  contentType: string,
  onProgress: (progress: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', url);
    request.setRequestHeader('Content-Type', contentType);
    request.upload.onprogress = (event) => {
      onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : body.size });
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress({ loaded: body.size, total: body.size });
        resolve();
        return;
      }
      const parsed = parseBody(request.responseText);
      reject(new HttpError(request.statusText || `PUT answered ${request.status}`, request.status, parsed));
    };
    request.onerror = () => reject(new HttpError('The upload failed', 0));
    request.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(body);
  });
}

import { buildPath, endpoints } from '@shared/contract/endpoints';
import type { MultipartRouteName, RouteParams, RouteResponse, Routes } from '@shared/contract/routes';
import { ApiError } from './api-client';
import type { UploadBody } from './multipart-form';

export interface UploadProgress {
  /** Bytes of the request body sent so far. */
  loaded: number;
  /** Bytes in the whole request body. */
  total: number;
}

type ParamsOption<N extends MultipartRouteName> =
  RouteParams<Routes[N]> extends undefined ? { params?: undefined } : { params: RouteParams<Routes[N]> };

export type UploadOptions<N extends MultipartRouteName> = ParamsOption<N> & {
  body: UploadBody<N>;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
};

/**
 * Sends multipart form data to an endpoint of the contract like `apiRequest` does (cookies included, the same
 * `STATUS: body` ApiError), but through XMLHttpRequest so the caller can show how many bytes have gone up.
 * Aborting the signal cancels the upload and rejects with an AbortError.
 */
export function uploadWithProgress<N extends MultipartRouteName>(
  name: N,
  options: UploadOptions<N>,
): Promise<RouteResponse<Routes[N]>> {
  const route = endpoints[name];
  const { body, onProgress, signal } = options;
  const params = options.params as Record<string, string | number> | undefined;
  const url = buildPath(route.path, params);

  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const request = new XMLHttpRequest();
    request.open(route.method, url);
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');

    const onAbortSignal = () => request.abort();
    signal?.addEventListener('abort', onAbortSignal, { once: true });
    const settle = () => signal?.removeEventListener('abort', onAbortSignal);

    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress?.({ loaded: event.loaded, total: event.total });
    });
    request.addEventListener('load', () => {
      settle();
      const text = request.responseText;
      if (request.status < 200 || request.status >= 300) {
        reject(new ApiError(request.status, `${request.status}: ${text || request.statusText}`));
        return;
      }
      try {
        resolve((text ? JSON.parse(text) : null) as RouteResponse<Routes[N]>);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    request.addEventListener('error', () => {
      settle();
      reject(new TypeError('The upload could not reach the server. Check your connection and try again.'));
    });
    request.addEventListener('timeout', () => {
      settle();
      reject(new TypeError('The upload timed out. Please try again.'));
    });
    request.addEventListener('abort', () => {
      settle();
      reject(abortError());
    });
    request.send(body);
  });
}

/**
 * What to tell a person about a failed upload: the server's `{message}` when it sent one (spec §8 "Upload
 * Failed" shows the server message), else the error's own text.
 */
export function uploadErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const body = error.message.replace(/^\d{3}: /, '');
    try {
      const parsed = JSON.parse(body) as unknown;
      if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string') {
        return parsed.message;
      }
    } catch {
      // Not JSON: the body text itself is the message.
    }
    return body || error.message;
  }
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong. Please try again.';
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

function abortError(): DOMException {
  return new DOMException('The upload was cancelled.', 'AbortError');
}

import { createStore } from '../store';
import { readCookie } from './cookies';
import { RestError } from './remote-service-error';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export interface HttpRequest {
  method?: HttpMethod;
  url: string;
  params?: Record<string, unknown>;
  body?: unknown;
  headers?: Record<string, string>;
  responseType?: 'json' | 'text';
  /** Errors of this request are not shown by the global handler. */
  skipHandleError?: boolean;
  signal?: AbortSignal;
}

export interface HttpClientOptions {
  baseUrl: () => string;
  tenantKey: () => string;
  getAccessToken: () => string | undefined;
  getLanguage: () => string | undefined;
  getTenantId: () => string | null | undefined;
  onError?: (error: RestError) => void;
  /**
   * A 401 answered a request that carried a bearer token: the server no longer accepts it. Called
   * before `onError`, and also for requests that handle their errors themselves.
   */
  onRejectedToken?: (error: RestError) => void;
  fetch?: typeof fetch;
}

export interface HttpClient {
  request<T>(request: HttpRequest): Promise<T>;
  get<T>(url: string, params?: Record<string, unknown>, init?: Partial<HttpRequest>): Promise<T>;
  post<T>(url: string, body?: unknown, init?: Partial<HttpRequest>): Promise<T>;
  put<T>(url: string, body?: unknown, init?: Partial<HttpRequest>): Promise<T>;
  delete<T>(url: string, init?: Partial<HttpRequest>): Promise<T>;
}

/** Number of requests in flight; the loading bar listens. */
export const pendingRequests = createStore(0);

/** Builds a query string without empty or undefined values (ABP's `RestService`). */
export function toQueryString(params: Record<string, unknown> | undefined): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item === undefined || item === null || item === '') continue;
      search.append(key, String(item));
    }
  }
  const query = search.toString();
  return query ? `?${query}` : '';
}

function isAbsolute(url: string): boolean {
  return /^([a-z][a-z\d+\-.]*:)?\/\//i.test(url);
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const fetcher = options.fetch ?? ((input, init) => fetch(input, init));

  function buildHeaders(request: HttpRequest, method: HttpMethod, token?: string): Headers {
    const headers = new Headers({ Accept: 'application/json, text/plain, */*' });
    if (token) headers.set('Authorization', `Bearer ${token}`);
    const language = options.getLanguage();
    if (language) headers.set('Accept-Language', language);
    const tenantId = options.getTenantId();
    if (tenantId) headers.set(options.tenantKey(), tenantId);
    if (method !== 'GET' && !isAbsolute(request.url)) {
      const xsrf = readCookie('XSRF-TOKEN');
      if (xsrf) headers.set('RequestVerificationToken', xsrf);
    }
    if (request.body !== undefined && !(request.body instanceof FormData)) {
      headers.set('Content-Type', 'application/json');
    }
    // Explicit headers win, an empty tenant header included (tenant lookups send `__tenant: ''`).
    for (const [name, value] of Object.entries(request.headers ?? {})) headers.set(name, value);
    return headers;
  }

  async function request<T>(request: HttpRequest): Promise<T> {
    const method = request.method ?? 'GET';
    const url = `${isAbsolute(request.url) ? '' : options.baseUrl()}${request.url}${toQueryString(request.params)}`;
    const body =
      request.body === undefined || request.body instanceof FormData
        ? (request.body as FormData | undefined)
        : JSON.stringify(request.body);
    const token = options.getAccessToken();
    pendingRequests.set((count) => count + 1);
    try {
      let response: Response;
      try {
        response = await fetcher(url, {
          method,
          headers: buildHeaders(request, method, token),
          ...(body !== undefined ? { body } : {}),
          ...(request.signal ? { signal: request.signal } : {}),
        });
      } catch (cause) {
        if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
        const message = cause instanceof Error ? cause.message : String(cause);
        throw fail(
          request,
          new RestError({ status: 0, statusText: 'Unknown Error', url, message }),
        );
      }
      const payload = await readBody(response, request.responseType);
      if (!response.ok) {
        const error = new RestError({
          status: response.status,
          statusText: response.statusText,
          url,
          headers: response.headers,
          body: payload,
        });
        const sentToken = Boolean(token) && !new Headers(request.headers).has('Authorization');
        if (error.status === 401 && sentToken) options.onRejectedToken?.(error);
        throw fail(request, error);
      }
      return payload as T;
    } finally {
      pendingRequests.set((count) => count - 1);
    }
  }

  function fail(request: HttpRequest, error: RestError): RestError {
    if (!request.skipHandleError) options.onError?.(error);
    return error;
  }

  return {
    request,
    get: (url, params, init) =>
      request({ ...init, method: 'GET', url, ...(params ? { params } : {}) }),
    post: (url, body, init) => request({ ...init, method: 'POST', url, body }),
    put: (url, body, init) => request({ ...init, method: 'PUT', url, body }),
    delete: (url, init) => request({ ...init, method: 'DELETE', url }),
  };
}

async function readBody(response: Response, type: 'json' | 'text' | undefined): Promise<unknown> {
  if (response.status === 204) return undefined;
  const raw = await response.text();
  if (type === 'text') return raw;
  if (!raw) return undefined;
  const contentType = response.headers.get('Content-Type') ?? '';
  if (contentType.includes('json')) {
    try {
      return JSON.parse(raw);
    } catch {
      return raw;
    }
  }
  return raw;
}

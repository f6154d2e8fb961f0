/** ABP's error body (`{ error: {...} }`); kept local until `@vineta/contracts` ships its type. */
export interface RemoteServiceValidationError {
  message: string;
  members: string[];
}

export interface RemoteServiceErrorInfo {
  code?: string | null;
  message?: string | null;
  details?: string | null;
  data?: Record<string, unknown> | null;
  validationErrors?: RemoteServiceValidationError[] | null;
}

export interface RemoteServiceErrorResponse {
  error: RemoteServiceErrorInfo;
}

export function readRemoteServiceError(body: unknown): RemoteServiceErrorInfo | undefined {
  if (typeof body !== 'object' || body === null || !('error' in body)) return undefined;
  const error = (body as { error: unknown }).error;
  return typeof error === 'object' && error !== null
    ? (error as RemoteServiceErrorInfo)
    : undefined;
}

/** A failed call: status 0 with `Unknown Error` when the network failed. */
export class RestError extends Error {
  override name = 'RestError';
  readonly status: number;
  readonly statusText: string;
  readonly headers: Headers;
  readonly body: unknown;
  readonly url: string;

  constructor(init: {
    status: number;
    statusText: string;
    url: string;
    headers?: Headers;
    body?: unknown;
    message?: string;
  }) {
    super(
      init.message ?? `Http failure response for ${init.url}: ${init.status} ${init.statusText}`,
    );
    this.status = init.status;
    this.statusText = init.statusText;
    this.url = init.url;
    this.headers = init.headers ?? new Headers();
    this.body = init.body;
  }

  /** True when the server answered in ABP's error format (header `_AbpErrorFormat`). */
  get isAbpErrorFormat(): boolean {
    return this.headers.get('_AbpErrorFormat') === 'true' || this.headers.has('_AbpErrorFormat');
  }

  get remoteError(): RemoteServiceErrorInfo | undefined {
    return readRemoteServiceError(this.body);
  }
}

/**
 * The server could not answer: unreachable (status 0), asking to slow down (429) or failing (5xx).
 * Worth asking again later, where another 4xx is the server's verdict on the request itself (an
 * expired link, an unknown interaction).
 */
export function couldNotAnswer(error: unknown): boolean {
  return (
    error instanceof RestError &&
    (error.status === 0 || error.status === 429 || error.status >= 500)
  );
}

/**
 * The one error class for expected failures. `code` is ABP's (`Volo.Abp.Identity:DuplicateUserName`)
 * and doubles as the localization key; `data` fills the text's `{0}`/`{Name}` placeholders.
 */
export class BusinessError extends Error {
  override name = 'BusinessError';
  readonly code: string;
  readonly status: number;
  readonly data: Record<string, unknown>;
  readonly details: string | undefined;
  /** Further failures of the same check (every broken password rule), told after this one's. */
  readonly more: readonly { code: string; data: Record<string, unknown> }[];
  /** A response header that carries the message too, for clients that read only headers. */
  readonly messageHeader: string | undefined;

  constructor(
    code: string,
    options: {
      status?: number;
      data?: Record<string, unknown>;
      details?: string;
      more?: { code: string; data: Record<string, unknown> }[];
      messageHeader?: string;
    } = {},
  ) {
    super(code);
    this.code = code;
    this.status = options.status ?? 400;
    this.data = options.data ?? {};
    this.details = options.details;
    this.more = options.more ?? [];
    this.messageHeader = options.messageHeader;
  }
}

/** ABP's `EntityNotFoundException`: 404 with "There is no entity {0} with id = {1}!". */
export class EntityNotFoundError extends BusinessError {
  override name = 'EntityNotFoundError';
  constructor(entityType: string, id: string) {
    super('AbpExceptionHandling:EntityNotFoundErrorMessage', {
      status: 404,
      data: { 0: entityType, 1: id },
    });
  }
}

/**
 * 429 with Retry-After, ABP's "Too many requests" text and the wait in `data`, as every rate
 * limit answers (the per-IP ones through @fastify/rate-limit, the per-user-name one by hand).
 */
export class TooManyRequestsError extends BusinessError {
  override name = 'TooManyRequestsError';
  constructor(readonly retryAfterSeconds: number) {
    super('AbpExceptionHandling:TooManyRequests', { status: 429, data: { retryAfterSeconds } });
  }
}

/** A stale `concurrencyStamp`: the row changed since the caller read it. */
export class ConcurrencyError extends BusinessError {
  override name = 'ConcurrencyError';
  constructor() {
    super('AbpExceptionHandling:ConcurrencyErrorMessage', { status: 409 });
  }
}

/** 401 for an anonymous caller, 403 for a signed-in one lacking the policy (ABP's rule). */
export class AuthorizationError extends BusinessError {
  override name = 'AuthorizationError';
  constructor(isAuthenticated: boolean, policy?: string) {
    super(
      isAuthenticated
        ? 'AbpExceptionHandling:DefaultErrorMessage403'
        : 'AbpExceptionHandling:DefaultErrorMessage401',
      {
        status: isAuthenticated ? 403 : 401,
        details: isAuthenticated
          ? 'AbpExceptionHandling:DefaultErrorMessage403Detail'
          : 'AbpExceptionHandling:DefaultErrorMessage401Detail',
        data: policy ? { policy } : {},
      },
    );
  }
}

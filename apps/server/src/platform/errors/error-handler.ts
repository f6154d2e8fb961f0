import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '../data/database-unavailable.js';
import type { Localizer } from '../localization/localizer.js';
import { cultureFromRequest } from '../localization/request-culture.js';
import { AuthorizationError, BusinessError, TooManyRequestsError } from './business-error.js';
import { ROOT_MEMBER, type ValidationIssue, validationMessage } from './validation-messages.js';

interface ErrorBody {
  error: {
    code: string | null;
    message: string;
    details: string | null;
    data: Record<string, unknown>;
    validationErrors: { message: string; members: string[] }[] | null;
  };
}

export const ABP_ERROR_FORMAT_HEADER = '_AbpErrorFormat';

/**
 * Every failure leaves as ABP's error body with the `_AbpErrorFormat` header, localized in the
 * request's culture: 400 for invalid input, the status a BusinessError names, 503 with
 * Retry-After while the database cannot be reached (ABP answers 500), and 500 with a generic
 * message and the request id for anything unexpected (whose details only reach the log).
 */
export function registerErrorHandler(app: FastifyInstance, localizer: Localizer): void {
  const cultureOf = (request: FastifyRequest) => request.culture || localizer.defaultCulture;

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const culture = cultureOf(request);
    if (error instanceof BusinessError) {
      if (error.status >= 500)
        request.log.error({ err: error }, 'business error with server status');
      // An operator asked why someone was refused needs the policy and who; the body has neither.
      if (error instanceof AuthorizationError && error.status === 403) {
        request.log.info(
          { policy: error.data.policy, userId: request.currentUser?.id },
          'authorization refused',
        );
      }
      // RFC 6750, as ASP.NET's bearer handler answers: which scheme, and whether the token sent failed.
      if (error.status === 401) {
        const sent = request.headers.authorization !== undefined;
        reply.header('www-authenticate', sent ? 'Bearer error="invalid_token"' : 'Bearer');
      }
      const message = [error, ...error.more]
        .map(({ code, data }) => localizer.errorMessage(code, culture, data) ?? code)
        .join(' ');
      if (error.messageHeader) reply.header(error.messageHeader, asciiHtml(message));
      if (error instanceof TooManyRequestsError)
        reply.header('retry-after', String(error.retryAfterSeconds));
      return send(reply, error.status, {
        code: error.code,
        message,
        details: error.details
          ? (localizer.errorMessage(error.details, culture, error.data) ?? error.details)
          : null,
        data: error.data,
        validationErrors: null,
      });
    }
    if (Array.isArray(error.validation)) {
      const validationErrors = (error.validation as ValidationIssue[]).map((issue) => ({
        message: validationMessage(issue, culture, localizer),
        members: [memberPath(issue.instancePath)],
      }));
      const title = localizer.text('AbpExceptionHandling', 'ValidationErrorMessage', culture);
      const narrative = localizer.text(
        'AbpExceptionHandling',
        'ValidationNarrativeErrorMessageTitle',
        culture,
      );
      return send(reply, 400, {
        code: null,
        message: title,
        details: `${narrative}\r\n${validationErrors.map((entry) => ` - ${entry.message}`).join('\r\n')}`,
        data: {},
        validationErrors,
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, body too large, unsupported media type).
      return sendClientError(reply, localizer, error, status, culture);
    }
    if (isDatabaseUnavailable(error)) {
      // An outage, not a defect: the request may succeed unchanged, so say when to try again.
      request.log.error({ err: error }, 'database unavailable');
      return sendServiceUnavailable(localizer, request, reply, culture);
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendServerError(localizer, request, reply, 500, 'InternalServerErrorMessage', culture);
  });
}

/**
 * Fastify's `frameworkErrors`: a URL its router refuses (broken percent-encoding, a path value
 * longer than `maxParamLength`) is answered before any hook, so without this in Fastify's own
 * body, in English. The request's culture is not resolved yet: Accept-Language decides.
 */
export function frameworkErrorHandler(localizer: Localizer) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const status = error.statusCode ?? 400;
    const culture = headerCulture(request, localizer);
    return sendClientError(reply, localizer, error, status, culture);
  };
}

/**
 * The language of a request answered before the request context has worked its culture out: its
 * Accept-Language alone.
 */
export function headerCulture(request: FastifyRequest, localizer: Localizer): string {
  const acceptLanguage = request.headers['accept-language'];
  return cultureFromRequest({ query: {}, cookies: {}, acceptLanguage }) ?? localizer.defaultCulture;
}

/** An outage: the request may succeed unchanged, so say when to try again. */
export function sendServiceUnavailable(
  localizer: Localizer,
  request: FastifyRequest,
  reply: FastifyReply,
  culture: string,
) {
  reply.header('retry-after', String(RETRY_AFTER_SECONDS));
  return sendServerError(localizer, request, reply, 503, 'ServiceUnavailableErrorMessage', culture);
}

/** A server-side failure: a generic message, and the request id that finds it in the log. */
function sendServerError(
  localizer: Localizer,
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  messageKey: string,
  culture: string,
) {
  return send(reply, status, {
    code: null,
    message: localizer.text('AbpExceptionHandling', messageKey, culture),
    details: `Request id: ${request.id}`,
    data: { requestId: request.id },
    validationErrors: null,
  });
}

/** A client error Fastify raised itself, in ABP's shape with ABP's localized text. */
function sendClientError(
  reply: FastifyReply,
  localizer: Localizer,
  error: FastifyError,
  status: number,
  culture: string,
) {
  return send(reply, status, {
    code: null,
    message: localizer.text('AbpExceptionHandling', clientErrorKey(error, status), culture),
    details: null,
    data: {},
    validationErrors: null,
  });
}

/** ABP's text for a client error Fastify raised before any route code ran. */
function clientErrorKey(error: FastifyError, status: number): string {
  switch (error.code) {
    case 'FST_ERR_BAD_URL':
      return 'MalformedRequestUrl';
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return 'RequestUrlTooLong';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'MalformedRequestBody';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'RequestBodyTooLarge';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'UnsupportedMediaType';
    default:
      return [401, 403, 404].includes(status)
        ? `DefaultErrorMessage${status}`
        : 'DefaultErrorMessage';
  }
}

/**
 * ABP's answer to a request no route takes: no route at that path, or (`methodNotAllowed`) none
 * for that method. Fastify's not-found handler and the sign-in server's unknown paths both send it.
 */
export function unknownRouteError(
  localizer: Localizer,
  culture: string,
  request: { method: string; path: string },
  methodNotAllowed = false,
): ErrorBody['error'] {
  return {
    code: null,
    message: localizer.message(
      'AbpExceptionHandling',
      methodNotAllowed ? 'MethodNotAllowedErrorMessage' : 'UnknownRouteErrorMessage',
      culture,
      { 0: request.method, 1: request.path },
    ),
    details: null,
    data: {},
    validationErrors: null,
  };
}

export function send(reply: FastifyReply, status: number, error: ErrorBody['error']) {
  return reply.status(status).header(ABP_ERROR_FORMAT_HEADER, 'true').send({ error });
}

/**
 * Text as ASP.NET's `HtmlEncoder.Default` writes it into a header: markup characters and anything
 * outside printable ASCII as character references, so that a localized message is a valid value.
 */
function asciiHtml(text: string): string {
  const named: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
  return text.replace(
    /[&<>"'+]|[^\x20-\x7e]/gu,
    (char) => named[char] ?? `&#x${(char.codePointAt(0) ?? 0).toString(16).toUpperCase()};`,
  );
}

/** `body/userName` style paths become ABP's camel-cased member names (`userName`, `features[0].value`). */
function memberPath(instancePath: string): string {
  const parts = instancePath.split('/').filter(Boolean);
  const path = parts
    .map((part, index) => (/^\d+$/.test(part) ? `[${part}]` : index ? `.${part}` : part))
    .join('');
  // A body that is no object at all (null, an array) is ABP's action argument, `input`.
  return path || ROOT_MEMBER;
}

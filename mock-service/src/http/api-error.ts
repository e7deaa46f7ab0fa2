import type { ErrorCode } from "../../contract/errors";

export interface ErrorDetail {
  path: string;
  message: string;
}

/**
 * An error the API answers as-is in the error envelope, with one of the contract's codes. Throw one
 * of its kinds below: the kind decides the HTTP status.
 */
export abstract class ApiError extends Error {
  abstract readonly statusCode: number;
  /** Response headers the answer carries (e.g. `WWW-Authenticate`). */
  readonly headers: Record<string, string> | undefined;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
    headers?: Record<string, string>,
  ) {
    super(message);
    this.name = new.target.name;
    this.headers = headers;
  }
}

/** 400: the request is malformed or a field is not valid; `details` name the fields. */
export class InvalidRequestError extends ApiError {
  readonly statusCode = 400;

  /** One field is not valid: `<path> <message>`. */
  static field(path: string, message: string): InvalidRequestError {
    return new InvalidRequestError("invalid_request", `${path} ${message}`, [{ path, message }]);
  }
}

/** 401: no credentials, or ones that are not valid. */
export class AuthenticationError extends ApiError {
  readonly statusCode = 401;

  /** `challenge`: the `WWW-Authenticate` header; the merchant API asks for a Bearer key, the dashboard for nothing. */
  constructor(message: string, details?: ErrorDetail[], challenge: string | null = 'Bearer realm="sandbox"') {
    super(
      "unauthorized",
      message,
      details,
      challenge === null ? undefined : { "WWW-Authenticate": challenge },
    );
  }
}

/** 403: known, but not allowed to do this from where it came. */
export class ForbiddenError extends ApiError {
  readonly statusCode = 403;
}

/** 404: no such resource; another merchant's answers the same, so that ids reveal nothing. */
export class NotFoundError extends ApiError {
  readonly statusCode = 404;

  constructor(what: string) {
    super("not_found", `${what} not found`);
  }
}

/** 409: the resource's state does not allow this now (paid already, closed, in progress, …). */
export class ConflictError extends ApiError {
  readonly statusCode = 409;
}

/** 422: well-formed, but does not match what it refers to (check digits, amount). */
export class UnprocessableError extends ApiError {
  readonly statusCode = 422;
}

/** 429: too many requests; retry after `retryAfterSeconds` when that is known. */
export class RateLimitError extends ApiError {
  readonly statusCode = 429;

  constructor(message: string, retryAfterSeconds?: number) {
    const headers =
      retryAfterSeconds === undefined ? undefined : { "Retry-After": String(retryAfterSeconds) };
    super("rate_limited", message, undefined, headers);
  }
}

/** 503: the service cannot do it right now; the same request may be retried. */
export class UnavailableError extends ApiError {
  readonly statusCode = 503;
}

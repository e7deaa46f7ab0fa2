import type { ErrorCode } from "../../contract/errors";

export interface ErrorDetail {
  path: string;
  message: string;
}

/** An error the API answers as-is in the error envelope: its HTTP status and one of the contract's codes. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new ApiError(404, "not_found", `${what} not found`);
export const invalid = (path: string, message: string) =>
  new ApiError(400, "invalid_request", `${path} ${message}`, [{ path, message }]);

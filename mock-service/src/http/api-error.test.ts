import { describe, expect, it } from "vitest";
import {
  ApiError,
  AuthenticationError,
  ConflictError,
  InvalidRequestError,
  NotFoundError,
  RateLimitError,
  UnavailableError,
  UnprocessableError,
} from "./api-error";

describe("ApiError kinds", () => {
  it("each kind answers its own HTTP status, with a contract code", () => {
    const kinds: [ApiError, number, string][] = [
      [InvalidRequestError.field("amount", "must be a positive integer"), 400, "invalid_request"],
      [new AuthenticationError("unknown API key"), 401, "unauthorized"],
      [new NotFoundError("checkout"), 404, "not_found"],
      [new ConflictError("already_paid", "this reference was paid already"), 409, "already_paid"],
      [new UnprocessableError("amount_mismatch", "the amount differs"), 422, "amount_mismatch"],
      [new RateLimitError("too many requests", 5), 429, "rate_limited"],
      [new UnavailableError("references_exhausted", "try again"), 503, "references_exhausted"],
    ];
    for (const [error, status, code] of kinds) {
      expect(error).toBeInstanceOf(ApiError);
      expect(error.statusCode).toBe(status);
      expect(error.code).toBe(code);
      expect(error.name).toBe(error.constructor.name);
    }
  });

  it("names the bad field in plain words, and asks for a key the standard way", () => {
    const invalid = InvalidRequestError.field("startingAfter", "is not a customer of yours");
    expect(invalid.message).toBe("startingAfter is not a customer of yours");
    expect(invalid.details).toEqual([{ path: "startingAfter", message: "is not a customer of yours" }]);
    expect(new NotFoundError("payment").message).toBe("payment not found");
    expect(new RateLimitError("too many", 7).headers).toEqual({ "Retry-After": "7" });
    expect(new AuthenticationError("unknown API key").headers).toEqual({
      "WWW-Authenticate": 'Bearer realm="sandbox"',
    });
  });
});

import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { ApiError } from "../http/api-error";
import { errorBody } from "../http/envelope";

const LOCATION: Record<string, string> = { body: "", querystring: "", params: "", headers: "headers." };

/** A body key as a reader can see it: one that is empty or only spaces would leave a blank in the path. */
function readableKey(key: string): string {
  return key.trim() === "" ? "(empty key)" : key;
}

function validationDetails(error: FastifyError & { validation: unknown[] }, context: string | undefined) {
  const prefix = LOCATION[context ?? "body"] ?? "";
  return (
    error.validation as { instancePath: string; message?: string; params?: { keys?: string[] } }[]
  ).flatMap((issue) => {
    // instancePath is "/a/b" ("/" alone is the body itself), with "~1" for "/" and "~0" for "~".
    const pointer = issue.instancePath === "/" ? "" : issue.instancePath;
    const base = pointer
      .split("/")
      .slice(1)
      .map((key) => readableKey(key.replaceAll("~1", "/").replaceAll("~0", "~")))
      .join(".");
    const at = (p: string) => `${prefix}${p}` || (context === "body" || !context ? "body" : context);
    if (issue.params?.keys?.length) {
      return issue.params.keys.map((key) => ({
        path: at(base ? `${base}.${readableKey(key)}` : readableKey(key)),
        message: "is not a known field",
      }));
    }
    return [{ path: at(base), message: issue.message ?? "is not valid" }];
  });
}

/** Every failure answers in the error envelope; client mistakes are 4xx and never 5xx. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) {
      if (error.headers) reply.headers(error.headers);
      return reply.code(error.statusCode).send(errorBody(error.code, error.message, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = validationDetails(error, error.validationContext);
      const summary = details.map((d) => `${d.path} ${d.message}`).join("; ");
      return reply.code(400).send(errorBody("invalid_request", summary, details));
    }
    const status = error.statusCode ?? 500;
    if (status === 413)
      return reply.code(413).send(errorBody("payload_too_large", "the body exceeds 100 KB"));
    if (status === 415) {
      return reply.code(415).send(errorBody("unsupported_media_type", "send the body as application/json"));
    }
    if (status === 429) {
      return reply.code(429).send(errorBody("rate_limited", error.message || "too many requests"));
    }
    if (status >= 400 && status < 500) {
      const code =
        error.code === "FST_ERR_CTP_INVALID_JSON_BODY" || error.name === "SyntaxError"
          ? "invalid_json"
          : "bad_request";
      return reply
        .code(status)
        .send(errorBody(code, error.message, [{ path: "body", message: error.message }]));
    }
    if (isStorageUnavailable(error)) {
      request.log.error({ err: error }, "storage unavailable");
      return reply
        .code(503)
        .header("Retry-After", "5")
        .send(errorBody("storage_unavailable", "storage is unavailable, try again"));
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.code(500).send(errorBody("internal_error", "something went wrong on our side"));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send(errorBody("not_found", `no route ${request.method} ${request.url.split("?")[0]}`));
  });
}

function isStorageUnavailable(error: { code?: string }): boolean {
  return ["SQLITE_FULL", "SQLITE_READONLY", "SQLITE_IOERR", "SQLITE_BUSY", "SQLITE_CANTOPEN"].some((c) =>
    error.code?.startsWith(c),
  );
}

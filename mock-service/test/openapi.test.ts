import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOGGED_EVENT_TYPES } from "../contract";
import { ERROR_CODES } from "../contract/errors";
import { startTestService, type TestService } from "./helpers";

let svc: TestService;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the document is inspected freely
let doc: any;
beforeAll(async () => {
  svc = await startTestService({}, { workers: false });
  doc = (await svc.api("GET", "/openapi.json", undefined, { key: null })).body;
});
afterAll(() => svc.cleanup());

const operations = () =>
  Object.entries(doc.paths as Record<string, Record<string, Record<string, unknown>>>).flatMap(
    ([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, op })),
  );

describe("the OpenAPI document", () => {
  it("holds only the merchant API and the sandbox simulators", () => {
    const paths = Object.keys(doc.paths);
    expect(paths).toContain("/payments/{id}/refunds");
    expect(paths).toContain("/sandbox/mbway/{id}/{answer}");
    for (const path of paths) expect(path).not.toMatch(/^\/(frame-api|embed|docs|dashboard|openapi|health)/);
  });

  it("gives every operation a unique operationId, a summary, a description and a defined tag", () => {
    const tags = new Set(doc.tags.map((t: { name: string }) => t.name));
    const ids = operations().map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { path, method, op } of operations()) {
      expect(op.operationId, `${method} ${path}`).toMatch(/^[a-z][A-Za-z]+$/);
      expect(op.summary, `${method} ${path}`).toBeTruthy();
      expect(op.description, `${method} ${path}`).toBeTruthy();
      for (const tag of op.tags as string[]) expect(tags.has(tag), tag).toBe(true);
    }
  });

  it("documents every error with the shared Error schema, whose error.code is the enum of codes", () => {
    expect(doc.components.schemas.Error.properties.error.properties.code.enum).toEqual([...ERROR_CODES]);
    for (const { path, method, op } of operations()) {
      const responses = op.responses as Record<string, { $ref?: string }>;
      expect(responses["401"], `${method} ${path}`).toBeDefined();
      for (const [status, answer] of Object.entries(responses)) {
        if (Number(status) < 400) continue;
        const shared = doc.components.responses[answer.$ref?.split("/").at(-1) ?? ""];
        expect(shared.content["application/json"].schema).toEqual({ $ref: "#/components/schemas/Error" });
      }
    }
    for (const path of ["/payments/{id}/refunds", "/checkouts"]) {
      expect(Object.keys(doc.paths[path].post.responses).sort(), path).toEqual([
        "201",
        "400",
        "401",
        "404",
        "409",
        "413",
        "415",
        "429",
        "503",
      ]);
    }
  });

  it("documents 503 on every operation, with its codes, an example of each and Retry-After", () => {
    for (const { path, method, op } of operations()) {
      const responses = op.responses as Record<string, { $ref?: string }>;
      expect(responses["503"], `${method} ${path}`).toEqual({
        $ref: "#/components/responses/ServiceUnavailable",
      });
    }
    const unavailable = doc.components.responses.ServiceUnavailable;
    const examples = unavailable.content["application/json"].examples;
    expect(
      Object.values(examples).map((e) => (e as { value: { error: { code: string } } }).value.error.code),
    ).toEqual(["storage_unavailable", "references_exhausted"]);
    expect(unavailable.headers["Retry-After"].schema).toEqual({ type: "integer", minimum: 1 });
    expect(
      doc.components.schemas.Error.examples.map((e: { error: { code: string } }) => e.error.code),
    ).toContain("storage_unavailable");
  });

  it("documents Idempotency-Key on every POST and an example on every request and success answer", () => {
    for (const { path, method, op } of operations()) {
      const content = (op.requestBody as { content?: Record<string, { example?: unknown }> } | undefined)
        ?.content;
      if (content) expect(content["application/json"]?.example, `${method} ${path}`).toBeDefined();
      for (const [status, answer] of Object.entries(op.responses as Record<string, { content?: object }>)) {
        if (Number(status) >= 400 || !answer.content) continue;
        const media = (answer.content as Record<string, { example?: unknown }>)["application/json"];
        expect(media?.example, `${method} ${path} ${status}`).toBeDefined();
      }
      if (method !== "post") continue;
      expect(op.parameters, `${method} ${path}`).toContainEqual({
        $ref: "#/components/parameters/IdempotencyKey",
      });
    }
  });

  it("names the shared schemas and describes one webhook per event type with its signature header", () => {
    for (const name of [
      "Checkout",
      "Customer",
      "PaymentMethod",
      "Payment",
      "Refund",
      "WebhookEndpoint",
      "Error",
    ]) {
      expect(doc.components.schemas[name], name).toBeDefined();
    }
    expect(Object.keys(doc.webhooks).sort()).toEqual([...LOGGED_EVENT_TYPES].sort());
    const refunded = doc.webhooks["payment.refunded"].post;
    expect(refunded.requestBody.content["application/json"].schema).toEqual({
      $ref: "#/components/schemas/PaymentRefundedEvent",
    });
    expect(refunded.parameters.map((p: { name: string }) => p.name)).toContain("X-Signature");
  });
});

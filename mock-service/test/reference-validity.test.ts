import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inDays, referenceBody, startTestService, type TestService } from "./helpers";

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({}, { workers: false });
});
afterAll(() => svc.cleanup());

describe("Multibanco reference validity", () => {
  for (const [what, end] of [
    ["in the past", inDays(-0.5)],
    ["right now", new Date().toISOString()],
  ] as const) {
    it(`refuses validDate.end ${what} with 400 naming validDate.end, and creates nothing`, async () => {
      const before = (await svc.api("GET", "/events")).body.data.length;
      const res = await svc.api(
        "POST",
        "/payments/references",
        referenceBody({ validDate: { start: inDays(-1), end } }),
      );
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({
        code: "invalid_request",
        details: [{ path: "validDate.end", message: "must be in the future" }],
      });
      expect((await svc.api("GET", "/events")).body.data.length).toBe(before);
    });
  }

  it("accepts an end a minute ahead", async () => {
    const res = await svc.api(
      "POST",
      "/payments/references",
      referenceBody({ validDate: { start: inDays(-1), end: new Date(Date.now() + 60_000).toISOString() } }),
    );
    expect(res.status).toBe(201);
    expect(res.body.data.stateDetails.state).toBe("pending");
  });
});

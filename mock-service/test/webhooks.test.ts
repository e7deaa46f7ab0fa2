import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { envelope, webhook, webhookWithSecret } from "../contract";
import { createMerchant } from "../src/operations/merchants";
import { referenceBody, startTestService, type TestService } from "./helpers";

let svc: TestService;
let other: { apiKey: string };
beforeAll(async () => {
  svc = await startTestService();
  other = await createMerchant(svc.ctx.db, "Other");
});
afterAll(() => svc.cleanup());

describe("webhook endpoints", () => {
  it("POST /webhooks answers 201 with id, url, events (all by default) and a secret shown once", async () => {
    const res = await svc.api("POST", "/webhooks", { url: "https://shop.example/hooks" });
    expect(res.status).toBe(201);
    const data = envelope(webhookWithSecret).parse(res.body).data;
    expect(data.id).toMatch(/^we_[A-Za-z0-9]{20}$/);
    expect(data.url).toBe("https://shop.example/hooks");
    expect([...data.events].sort()).toEqual([
      "checkout.completed",
      "checkout.failed",
      "payment.confirmed",
      "payment.declined",
      "payment.expired",
      "payment.refunded",
    ]);
    expect(data.secret).toMatch(/^whsec_.{20,}/);

    const listed = await svc.api("GET", "/webhooks");
    expect(listed.status).toBe(200);
    const found = envelope(webhook.array())
      .parse(listed.body)
      .data.find((w) => w.id === data.id);
    expect(found).toMatchObject({ url: data.url, events: data.events });
    expect(JSON.stringify(listed.body)).not.toContain(data.secret);
  });

  it("keeps the events asked for, without duplicates, and gives every endpoint its own secret", async () => {
    const a = await svc.api("POST", "/webhooks", {
      url: "http://127.0.0.1:9/a",
      events: ["payment.confirmed", "payment.confirmed"],
    });
    const b = await svc.api("POST", "/webhooks", {
      url: "http://localhost:9/b",
      events: ["payment.expired"],
    });
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(a.body.data.events).toEqual(["payment.confirmed"]);
    expect(b.body.data.events).toEqual(["payment.expired"]);
    expect(a.body.data.secret).not.toBe(b.body.data.secret);
  });

  it("refuses a URL registered already: 409 webhook_exists naming the existing endpoint; free again once removed", async () => {
    const first = (await svc.api("POST", "/webhooks", { url: "https://shop.example/twice" })).body.data;
    const again = await svc.api("POST", "/webhooks", {
      url: "https://shop.example/twice",
      events: ["payment.refunded"],
    });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("webhook_exists");
    expect(again.body.error.message).toContain(first.id);
    expect(again.body.error.details).toEqual([
      { path: "url", message: `is registered already as ${first.id}` },
    ]);
    const same = (await svc.api("GET", "/webhooks")).body.data.filter(
      (w: { url: string }) => w.url === "https://shop.example/twice",
    );
    expect(same).toHaveLength(1);
    // Concurrent registrations of one URL: exactly one wins.
    const racing = await Promise.all(
      [1, 2, 3].map(() => svc.api("POST", "/webhooks", { url: "https://shop.example/race" })),
    );
    expect(racing.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    // Another merchant may register the same URL.
    const theirs = await svc.api(
      "POST",
      "/webhooks",
      { url: "https://shop.example/twice" },
      { key: other.apiKey },
    );
    expect(theirs.status).toBe(201);
    await svc.api("DELETE", `/webhooks/${theirs.body.data.id}`, undefined, { key: other.apiKey });
    await svc.api("DELETE", `/webhooks/${first.id}`);
    expect((await svc.api("POST", "/webhooks", { url: "https://shop.example/twice" })).status).toBe(201);
  });

  it("DELETE /webhooks/{id} removes it; a second delete and an unknown id answer 404", async () => {
    const { id } = (await svc.api("POST", "/webhooks", { url: "https://shop.example/del" })).body.data;
    const res = await svc.api("DELETE", `/webhooks/${id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id, deleted: true });
    expect((await svc.api("GET", "/webhooks")).body.data.map((w: { id: string }) => w.id)).not.toContain(id);
    expect((await svc.api("DELETE", `/webhooks/${id}`)).status).toBe(404);
    expect((await svc.api("DELETE", "/webhooks/we_AAAAAAAAAAAAAAAAAAAA")).status).toBe(404);
    const bad = await svc.api("DELETE", "/webhooks/nope");
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].path).toBe("id");
  });

  it("keeps merchants apart: another merchant's webhook is neither listed nor deletable (404)", async () => {
    const mine = (await svc.api("POST", "/webhooks", { url: "https://shop.example/mine" })).body.data;
    const listedByOther = await svc.api("GET", "/webhooks", undefined, { key: other.apiKey });
    expect(listedByOther.body.data).toEqual([]);
    const res = await svc.api("DELETE", `/webhooks/${mine.id}`, undefined, { key: other.apiKey });
    expect(res.status).toBe(404);
    expect((await svc.api("GET", "/webhooks")).body.data.map((w: { id: string }) => w.id)).toContain(mine.id);
  });

  it("needs the merchant key", async () => {
    expect((await svc.api("GET", "/webhooks", undefined, { key: null })).status).toBe(401);
    expect((await svc.api("POST", "/webhooks", { url: "https://a.example" }, { key: null })).status).toBe(
      401,
    );
  });

  it("refuses anything but http and https URLs with 400 naming url", async () => {
    for (const url of [
      "ftp://shop.example/hooks",
      "javascript:alert(1)",
      "file:///etc/passwd",
      "data:text/plain,hi",
      "ws://shop.example/",
      "shop.example/hooks",
      "",
      `https://shop.example/${"a".repeat(2100)}`,
    ]) {
      const res = await svc.api("POST", "/webhooks", { url });
      expect(res.status, url.slice(0, 40)).toBe(400);
      expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain("url");
    }
    const missing = await svc.api("POST", "/webhooks", {});
    expect(missing.status).toBe(400);
    expect(missing.body.error.details.map((d: { path: string }) => d.path)).toContain("url");
  });

  it("refuses unknown or no event types with 400 naming events", async () => {
    for (const events of [["payment.nope"], [], "payment.confirmed"]) {
      const res = await svc.api("POST", "/webhooks", { url: "https://shop.example/x", events });
      expect(res.status, JSON.stringify(events)).toBe(400);
      expect(res.body.error.details.some((d: { path: string }) => d.path.startsWith("events"))).toBe(true);
    }
  });

  it("refuses a non-http(s) callbackUrl on a reference with 400 naming callbackUrl", async () => {
    for (const callbackUrl of ["ftp://shop.example/cb", "javascript:alert(1)", "mailto:a@b.example"]) {
      const res = await svc.api("POST", "/payments/references", referenceBody({ callbackUrl }));
      expect(res.status, callbackUrl).toBe(400);
      expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain("callbackUrl");
    }
    const ok = await svc.api(
      "POST",
      "/payments/references",
      referenceBody({ callbackUrl: "http://127.0.0.1:8080/cb" }),
    );
    expect(ok.status).toBe(201);
    expect(ok.body.data.callbackUrl).toBe("http://127.0.0.1:8080/cb");
  });
});

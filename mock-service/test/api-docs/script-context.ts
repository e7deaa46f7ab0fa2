import type { Receiver, TestService } from "../helpers";
import { SANDBOX_KEY, sleep } from "../helpers";
import type { Exchange, Headers } from "./render-exchange";

/** What an example of the script can use. Only what `api` returns (or the example returns) is shown. */
export interface ScriptContext {
  /** A request to the merchant API with the sandbox key; throws unless the status is `expect`. */
  api(method: string, path: string, options: ApiOptions): Promise<Captured>;
  /** The shopper, in the checkout frame (not shown in the docs). */
  shopper: {
    payByCard(checkoutId: string, number: string): Promise<void>;
    askMbway(checkoutId: string, nationalNumber: string): Promise<void>;
  };
  /** The merchant's server receiving notifications; `receiver.url("/callback")` reads as https://shop.example/callback. */
  receiver: Receiver;
  /** The notification the merchant received at `path`, as an exchange (waits for it). */
  notification(path: string): Promise<Exchange>;
  service: TestService;
  /** Waits until every notification due now has been attempted and recorded (run after each example). */
  settle(): Promise<void>;
  /** Values carried from one example to a later one (ids, uuids). */
  remember(name: string, value: string): void;
  recall(name: string): string;
}

export interface ApiOptions {
  expect: number;
  body?: unknown;
  /** `null` sends no Authorization header. */
  key?: string | null;
  headers?: Record<string, string>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- examples read answers freely, like the API tests
export type Captured = Exchange & { response: { body: any } };

/** Response headers worth showing when present; the rest (dates, rate-limit counters) is noise. */
const SHOWN_RESPONSE_HEADERS = ["Location", "Idempotent-Replayed", "Retry-After", "WWW-Authenticate"];

export function scriptContext(service: TestService, receiver: Receiver): ScriptContext {
  const memory = new Map<string, string>();
  return {
    service,
    receiver,
    async api(method, path, { expect, body, key = SANDBOX_KEY, headers = {} }) {
      const answer = await service.api(method, path, body, { key, headers });
      if (answer.status !== expect) {
        throw new Error(
          `${method} ${path} answered ${answer.status}, not ${expect}: ${JSON.stringify(answer.body)}`,
        );
      }
      const requestHeaders: Array<[string, string]> = [];
      if (key !== null) requestHeaders.push(["Authorization", `Bearer ${key}`]);
      if (body !== undefined) requestHeaders.push(["Content-Type", "application/json"]);
      requestHeaders.push(...Object.entries(headers));
      const responseHeaders: Headers = SHOWN_RESPONSE_HEADERS.flatMap((name) => {
        const value = answer.headers.get(name);
        return value === null ? [] : [[name, value] as const];
      });
      return {
        request: { method, path, headers: requestHeaders, body },
        response: { status: answer.status, headers: responseHeaders, body: answer.body },
      };
    },
    shopper: {
      async payByCard(checkoutId, number) {
        const card = { holder: "Ana Silva", number, expiryMonth: "12", expiryYear: "2030", cvc: "123" };
        const paid = await service.api("POST", `/frame-api/checkouts/${checkoutId}/card-payments`, card, {
          key: null,
        });
        if (paid.status !== 200) throw new Error(`card payment answered ${paid.status}`);
      },
      async askMbway(checkoutId, nationalNumber) {
        const body = { countryCode: "351", number: nationalNumber };
        const asked = await service.api("POST", `/frame-api/checkouts/${checkoutId}/mbway-payments`, body, {
          key: null,
        });
        if (asked.status !== 202) throw new Error(`MB WAY request answered ${asked.status}`);
      },
    },
    async notification(path) {
      const received = await untilReal(() => receiver.at(path)[0], `a notification at ${path}`);
      const shown = ["content-type", "x-event-id", "x-event-type", "x-signature"];
      return {
        request: {
          method: received.method,
          path: received.path,
          headers: shown.flatMap((name) => {
            const value = received.headers[name];
            return typeof value === "string" ? [[canonical(name), value] as const] : [];
          }),
          body: JSON.parse(received.body) as unknown,
        },
      };
    },
    async settle() {
      // Notifications are sent in the background: without this, whether an attempt happens before or
      // after the (frozen) clock moves on to the next example would change its recorded time.
      await untilReal(async () => {
        const events = await service.api("GET", "/events?limit=100");
        const deliveries: Array<{ state: string; nextAttemptAt?: string }> = events.body.data.flatMap(
          (event: { deliveries: unknown[] }) => event.deliveries,
        );
        return deliveries.every(
          (d) => d.state !== "pending" || Date.parse(d.nextAttemptAt ?? "") > Date.now(),
        );
      }, "the notifications due now");
    },
    remember(name, value) {
      memory.set(name, value);
    },
    recall(name) {
      const value = memory.get(name);
      if (value === undefined)
        throw new Error(`nothing remembered as "${name}": an earlier example must remember it`);
      return value;
    },
  };
}

/** Polls on the real clock: the docs test freezes `Date`, which `waitFor` measures time with. */
async function untilReal<T>(check: () => T | Promise<T>, what: string): Promise<NonNullable<T>> {
  const deadline = performance.now() + 10_000;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (performance.now() > deadline) throw new Error(`timed out after 10 s waiting for ${what}`);
    await sleep(20);
  }
}

function canonical(name: string): string {
  return name.replace(/(^|-)([a-z])/g, (_all, dash: string, letter: string) => dash + letter.toUpperCase());
}

import { API_KEY } from "./service";

export const JSON_HEADERS = { authorization: `Bearer ${API_KEY}`, "content-type": "application/json" };

/** One authenticated call for setting up a run; throws on anything but 2xx. */
export async function call(
  baseUrl: string,
  method: "GET" | "POST",
  path: string,
  body?: unknown,
): Promise<{ data: Record<string, unknown>; bytes: number }> {
  const answer = await fetch(`${baseUrl}${path}`, {
    method,
    headers: body === undefined ? { authorization: JSON_HEADERS.authorization } : JSON_HEADERS,
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const text = await answer.text();
  if (!answer.ok) throw new Error(`${method} ${path} answered ${answer.status}: ${text.slice(0, 300)}`);
  const parsed = JSON.parse(text) as { data: Record<string, unknown> };
  return { data: parsed.data, bytes: Buffer.byteLength(text) };
}

export function checkoutBody(actionUrl = "https://shop.example/result") {
  return {
    payment: { amount: 500, code: "SKU-1", summary: "T-shirt", paymentMethod: { code: "CC" } },
    page: { language: "EN", layout: "embed" },
    redirects: [{ type: "action", url: actionUrl }],
  };
}

export function referenceBody() {
  const day = 24 * 3600 * 1000;
  const iso = (ms: number) => new Date(ms).toISOString().replace("Z", "+00:00");
  return {
    type: "payment",
    amount: 1500,
    availableMethods: [{ code: "MB" }],
    validDate: { start: iso(Date.now() - day), end: iso(Date.now() + 3 * day) },
  };
}

export function customerBody(n: number) {
  return {
    customerId: `C-${n}`,
    firstName: "Ana",
    lastName: "Silva",
    email: `ana${n}@example.pt`,
    phoneNumber: "351#912345678",
  };
}

import { STATUS_CODES } from "node:http";

/** One documented HTTP exchange: the request as sent and, unless it is a notification, the answer. */
export interface Exchange {
  request: { method: string; path: string; headers: Headers; body?: unknown };
  response?: { status: number; headers: Headers; body: unknown };
}

/** Header name (as printed) → value, in the order they are printed. */
export type Headers = ReadonlyArray<readonly [string, string]>;

/** The request and the response as two fenced `http` blocks (Prettier leaves their content alone). */
export function renderExchange({ request, response }: Exchange): string {
  const blocks = [
    fence([`${request.method} ${request.path} HTTP/1.1`, ...headerLines(request.headers)], request.body),
  ];
  if (response) {
    const statusLine = `HTTP/1.1 ${response.status} ${STATUS_CODES[response.status] ?? ""}`.trimEnd();
    blocks.push(fence([statusLine, ...headerLines(response.headers)], response.body));
  }
  return blocks.join("\n\n");
}

function headerLines(headers: Headers): string[] {
  return headers.map(([name, value]) => `${name}: ${value}`);
}

function fence(head: string[], body: unknown): string {
  const lines = [...head];
  if (body !== undefined) lines.push("", typeof body === "string" ? body : JSON.stringify(body, null, 2));
  return ["```http", ...lines, "```"].join("\n");
}

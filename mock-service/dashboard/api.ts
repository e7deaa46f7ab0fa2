import { signal } from "@preact/signals";
import type { DashboardSession, DashboardSessionState } from "../contract";
import type { ErrorCode } from "../contract/errors";

/** The signed-in session: undefined while unknown, null when signed out. */
export const session = signal<DashboardSession | null | undefined>(undefined);

export class DashboardApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | undefined,
    message: string,
  ) {
    super(message);
  }
}

/** Calls `/dashboard/api/<path>` with the session cookie; a 401 means the session ended. */
export async function callApi<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`/dashboard/api/${path}`, {
    method,
    credentials: "same-origin",
    headers: body === undefined ? {} : { "content-type": "application/json" },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const json = (await response.json().catch(() => undefined)) as
    { success: true; data: T } | { success: false; error: { code: ErrorCode; message: string } } | undefined;
  if (json?.success) return json.data;
  if (response.status === 401 && path !== "session") session.value = null;
  const error = json && !json.success ? json.error : undefined;
  throw new DashboardApiError(response.status, error?.code, error?.message ?? response.statusText);
}

export async function loadSession(): Promise<void> {
  try {
    const state = await callApi<DashboardSessionState>("GET", "session");
    session.value = state.signedIn ? state : null;
  } catch {
    session.value = null;
  }
}

export async function signIn(apiKey: string): Promise<void> {
  session.value = await callApi<DashboardSession>("POST", "session", { apiKey });
}

export async function signOut(): Promise<void> {
  await callApi("DELETE", "session").catch(() => undefined);
  session.value = null;
}

import type { ApiResponse, TestService } from "./helpers";

/** A browser's view of the dashboard: its session cookie and its own origin on changes. */
export interface DashboardClient {
  cookie: string;
  call(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<ApiResponse>;
}

export async function dashboardCall(
  svc: TestService,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<ApiResponse> {
  return svc.api(method, path, body, {
    key: null,
    headers: { ...(method !== "GET" && { origin: svc.config.PUBLIC_URL }), ...headers },
  });
}

export async function signIn(svc: TestService, apiKey: string): Promise<DashboardClient> {
  const res = await dashboardCall(svc, "POST", "/dashboard/api/session", { apiKey });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  return {
    cookie,
    call: (method, path, body, headers = {}) =>
      dashboardCall(svc, method, path, body, { cookie, ...headers }),
  };
}

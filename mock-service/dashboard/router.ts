import { signal } from "@preact/signals";

/** The dashboard's path below /dashboard (e.g. `/payments/pay_…`), kept in step with the address bar. */
export const route = signal(currentRoute());

function currentRoute(): string {
  const path = location.pathname.replace(/^\/dashboard/, "").replace(/\/+$/, "");
  return path === "" ? "/payments" : path;
}

addEventListener("popstate", () => {
  route.value = currentRoute();
});

export function navigate(to: string): void {
  history.pushState(null, "", `/dashboard${to}`);
  route.value = to;
  scrollTo(0, 0);
}

/** A click on an in-app link navigates without a reload (unless the reader asked for a new tab). */
export function followLink(event: MouseEvent, to: string): void {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  navigate(to);
}

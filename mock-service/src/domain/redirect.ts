/** The action URL with `id=<checkoutId>` appended; its existing query and fragment are kept. */
export function actionRedirect(actionUrl: string, checkoutId: string): string {
  const url = new URL(actionUrl);
  url.searchParams.set("id", checkoutId);
  return url.toString();
}

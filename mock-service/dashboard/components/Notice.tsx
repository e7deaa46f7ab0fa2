/** The outcome of the last action, read out by screen readers (a polite live region, always present). */
export function Notice({ message, error }: { message: string | undefined; error?: boolean }) {
  return (
    <p class={message ? (error ? "notice notice-error" : "notice") : "notice notice-empty"} role="status">
      {message ?? ""}
    </p>
  );
}

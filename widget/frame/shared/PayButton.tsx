export interface PayButtonProps {
  label: string;
  busyLabel: string;
  busy: boolean;
}

/** The submit button; while busy it is disabled and says so, so a second click pays nothing. */
export function PayButton({ label, busyLabel, busy }: PayButtonProps) {
  return (
    <button type="submit" class={busy ? "pay pay--busy" : "pay"} disabled={busy} aria-busy={busy}>
      {busy && <span class="spinner" aria-hidden="true" />}
      {busy ? busyLabel : label}
    </button>
  );
}

import type { ComponentChildren } from "preact";

/** A table that may scroll sideways on a narrow screen: focusable, so the keyboard can scroll it too. */
export function TableScroll({ label, children }: { label: string; children: ComponentChildren }) {
  return (
    <div class="table-wrap" tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}

import type { ComponentChildren } from "preact";
import { useEffect, useRef } from "preact/hooks";

export interface StatusScreenProps {
  tone: "info" | "success" | "error";
  title: string;
  children?: ComponentChildren;
  /** Move focus to the heading (after a payment, when the shopper was already in the frame). */
  focus?: boolean;
}

/** Replaces the form with a message: loading, paid, declined, expired, unknown checkout. */
export function StatusScreen({ tone, title, children, focus }: StatusScreenProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);
  return (
    <section class={`status status--${tone}`} aria-labelledby="status-title">
      <h1 id="status-title" ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {children}
    </section>
  );
}

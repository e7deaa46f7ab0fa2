import type { ComponentChildren } from "preact";
import { followLink } from "../router";

export function Link({
  to,
  children,
  current,
}: {
  to: string;
  children: ComponentChildren;
  current?: boolean;
}) {
  return (
    <a
      href={`/dashboard${to}`}
      onClick={(e) => followLink(e, to)}
      aria-current={current ? "page" : undefined}
    >
      {children}
    </a>
  );
}

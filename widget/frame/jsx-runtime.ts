/**
 * The automatic JSX runtime for the frame's build, on top of `createElement` (which the bundle holds
 * anyway): same vnodes as `preact/jsx-runtime`, without a second vnode factory (0.1 KB gzip).
 * Vite points `preact/jsx-runtime` here in production builds only; tests use Preact's own.
 */
import { createElement, Fragment } from "preact";

export { Fragment };

export function jsx(type: Parameters<typeof createElement>[0], props: object, key?: unknown) {
  return createElement(type, key === undefined ? props : { ...props, key });
}

export { jsx as jsxs };

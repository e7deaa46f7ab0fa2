import { useEffect, useReducer, useState } from "preact/hooks";

/**
 * The frame's state: signals, each a value that the components showing it subscribe to. The frame
 * needs no more of them than this: @preact/signals' engine and its Preact layer would cost the
 * card-only checkout 2.4 KB gzip of its 20 KB (docs/decisions/frame-signals.md).
 */
export interface ReadonlySignal<T> {
  readonly value: T;
  /** Calls `listener` after every change; returns the call that stops it. */
  subscribe(listener: (value: T) => void): () => void;
}

export interface Signal<T> extends ReadonlySignal<T> {
  value: T;
}

export function signal<T>(initial: T): Signal<T> {
  let current = initial;
  const listeners = new Set<(value: T) => void>();
  return {
    get value() {
      return current;
    },
    set value(next) {
      if (Object.is(next, current)) return;
      current = next;
      for (const listener of [...listeners]) listener(next);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

/** `source`'s value; the calling component renders again whenever it changes. */
export function useSignalValue<T>(source: ReadonlySignal<T>): T {
  const [, rerender] = useReducer((renders: number) => renders + 1, 0);
  const value = source.value;
  useEffect(() => {
    // A change between this render and the subscription would otherwise go unseen.
    if (!Object.is(source.value, value)) rerender(undefined);
    return source.subscribe(() => rerender(undefined));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `value` is the one rendered first
  }, [source]);
  return value;
}

/** A signal of the component's own, created once; the component renders again whenever it changes. */
export function useSignal<T>(initial: T): Signal<T> {
  const [owned] = useState(() => signal(initial));
  useSignalValue(owned);
  return owned;
}

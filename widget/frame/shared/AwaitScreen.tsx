import type { ComponentChildren } from "preact";
import { useEffect, useRef } from "preact/hooks";
import { formatCountdown, useSecondsLeft } from "../utils/countdown";

export interface AwaitScreenProps {
  title: string;
  /** When the wait ends (ISO date-time): the countdown runs to it. */
  expiresAt: string;
  /** The countdown's sentence, given the time left as `m:ss`. */
  timeLeft: (time: string) => string;
  cancelLabel: string;
  cancelling: boolean;
  onCancel: () => void;
  children?: ComponentChildren;
}

/**
 * Replaces a form while the shopper approves the payment elsewhere (the MB WAY app): what to do,
 * a countdown to the deadline and a way to stop waiting. The heading takes the focus, so a screen
 * reader says what happened after the pay button went away.
 */
export function AwaitScreen(props: AwaitScreenProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const seconds = useSecondsLeft(props.expiresAt);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section class="await" aria-labelledby="await-title">
      <h1 id="await-title" ref={heading} tabIndex={-1}>
        <span class="spinner" aria-hidden="true" />
        {props.title}
      </h1>
      {props.children}
      {/* role=timer is not live: the time is read when asked, not every second. */}
      <p class="countdown" role="timer">
        {props.timeLeft(formatCountdown(seconds))}
      </p>
      <button
        type="button"
        class="secondary"
        disabled={props.cancelling}
        aria-busy={props.cancelling}
        onClick={props.onCancel}
      >
        {props.cancelLabel}
      </button>
    </section>
  );
}

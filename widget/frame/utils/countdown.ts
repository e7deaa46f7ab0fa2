import { useSignal } from "./signals";
import { useEffect } from "preact/hooks";

/** Whole seconds from `now` until `deadline` (ISO date-time), never below 0. */
export function secondsUntil(deadline: string, now = Date.now()): number {
  const ms = Date.parse(deadline) - now;
  return Number.isFinite(ms) && ms > 0 ? Math.ceil(ms / 1000) : 0;
}

/** `m:ss`: 239 → `3:59`. */
export function formatCountdown(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/** Seconds left until `deadline`, updated once a second until it is reached. */
export function useSecondsLeft(deadline: string): number {
  const seconds = useSignal(secondsUntil(deadline));
  useEffect(() => {
    seconds.value = secondsUntil(deadline);
    const timer = setInterval(() => {
      seconds.value = secondsUntil(deadline);
      if (seconds.value === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [deadline, seconds]);
  return seconds.value;
}

import { signal } from "@preact/signals";

/** Counts the changes the service announced since the page opened; pages re-read when it moves. */
export const changes = signal(0);
/** Whether the stream of changes is open. */
export const connected = signal(false);

let source: EventSource | undefined;

export function startLiveUpdates(): void {
  if (source) return;
  source = new EventSource("/dashboard/api/stream");
  source.addEventListener("ready", () => {
    // After a reconnect, something may have changed while the stream was down.
    if (connected.peek() === false && changes.peek() > 0) changes.value++;
    connected.value = true;
  });
  source.addEventListener("change", () => {
    changes.value++;
  });
  source.addEventListener("error", () => {
    connected.value = false;
  });
}

export function stopLiveUpdates(): void {
  source?.close();
  source = undefined;
  connected.value = false;
}

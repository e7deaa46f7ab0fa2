import { signal, useSignalValue } from "../utils/signals";

const message = signal("");

/**
 * Says something to screen-reader users without moving focus. The region is in the page from the
 * first render, so assistive technology is already watching it when the first message comes.
 */
export function announce(text: string): void {
  // A repeated message would not change the region's text: vary it invisibly so it is read again.
  message.value = message.value === text ? `${text}\u00a0` : text;
}

export function LiveRegion() {
  return (
    <div class="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
      {useSignalValue(message)}
    </div>
  );
}

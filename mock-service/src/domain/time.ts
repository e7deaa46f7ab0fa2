let lastIso = { ms: Number.NaN, text: "" };

/** A time (now by default) in ISO 8601 with an explicit UTC offset: `2026-11-23T06:53:23.123+00:00`. */
export function isoTimestamp(ms = Date.now()): string {
  // Every answer carries the time: under load many share a millisecond, and formatting is not free.
  if (ms !== lastIso.ms) lastIso = { ms, text: new Date(ms).toISOString().replace("Z", "+00:00") };
  return lastIso.text;
}

/** The checkout's `createdAt` format of section 2.3: `YYYY-MM-DD HH:MM:SS` (UTC). */
export function checkoutTimestamp(ms = Date.now()): string {
  return new Date(ms).toISOString().slice(0, 19).replace("T", " ");
}

/** Sandbox MB WAY phones (national numbers, any country code) and what the simulated shopper does. */
export const MBWAY_TEST_PHONES: Record<
  string,
  { behaviour: "approve" | "decline" | "timeout"; description: string }
> = {
  "911111111": { behaviour: "approve", description: "approves after about 2 seconds" },
  "922222222": { behaviour: "decline", description: "the shopper declines in the app" },
  "933333333": { behaviour: "timeout", description: "never answers; the request times out" },
};

export type MbwayDecision = "approve" | "decline" | "timeout" | "wait";

/** What happens to a waiting MB WAY request at `nowMs`, for a request started at `startedMs`. */
export function mbwayDecision(
  national: string,
  startedMs: number,
  expiresMs: number,
  nowMs: number,
  autoDelayMs: number,
): MbwayDecision {
  if (nowMs >= expiresMs) return "timeout";
  const behaviour = MBWAY_TEST_PHONES[national]?.behaviour;
  if ((behaviour === "approve" || behaviour === "decline") && nowMs >= startedMs + autoDelayMs)
    return behaviour;
  return "wait";
}

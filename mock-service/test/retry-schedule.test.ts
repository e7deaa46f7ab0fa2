import { describe, expect, it } from "vitest";
import { loadConfig } from "../src/config";
import { retryDelay } from "../src/workers/notifier";

describe("notification retry schedule", () => {
  const delays = [1000, 5000, 30000];

  it("waits delays[n-1] after the n-th failed attempt and gives up after the last", () => {
    const mid = () => 0.5;
    expect(retryDelay(delays, 1, mid)).toBe(1000);
    expect(retryDelay(delays, 2, mid)).toBe(5000);
    expect(retryDelay(delays, 3, mid)).toBe(30000);
    expect(retryDelay(delays, 4, mid)).toBeUndefined();
    expect(retryDelay([], 1, mid)).toBeUndefined();
  });

  it("adds ±10 % jitter", () => {
    expect(retryDelay(delays, 2, () => 0)).toBe(4500);
    expect(retryDelay(delays, 2, () => 0.999999)).toBe(5500);
    for (let i = 0; i < 1000; i++) {
      const d = retryDelay(delays, 3) as number;
      expect(d).toBeGreaterThanOrEqual(27000);
      expect(d).toBeLessThanOrEqual(33000);
    }
    const seen = new Set(Array.from({ length: 50 }, () => retryDelay(delays, 3)));
    expect(seen.size).toBeGreaterThan(1);
  });

  it("reads NOTIFY_RETRY_DELAYS as comma-separated milliseconds", () => {
    expect(loadConfig({ NOTIFY_RETRY_DELAYS: "50,50,50" }).NOTIFY_RETRY_DELAYS).toEqual([50, 50, 50]);
    expect(() => loadConfig({ NOTIFY_RETRY_DELAYS: "50;x" })).toThrow(/NOTIFY_RETRY_DELAYS/);
  });

  it("defaults to about a dozen attempts spread over about three days, growing", () => {
    const schedule = loadConfig({}).NOTIFY_RETRY_DELAYS;
    const attempts = schedule.length + 1;
    expect(attempts).toBeGreaterThanOrEqual(10);
    expect(attempts).toBeLessThanOrEqual(14);
    const total = schedule.reduce((a, b) => a + b, 0);
    expect(total / 86_400_000).toBeGreaterThan(2.5);
    expect(total / 86_400_000).toBeLessThan(4);
    for (let i = 1; i < schedule.length; i++)
      expect(schedule[i]).toBeGreaterThanOrEqual(schedule[i - 1] as number);
    expect(loadConfig({}).NOTIFY_TIMEOUT_MS).toBe(5000);
    expect(loadConfig({}).EXPIRY_SWEEP_MS).toBe(5000);
  });
});

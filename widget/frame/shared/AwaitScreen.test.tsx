// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/preact";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { formatCountdown, secondsUntil } from "../utils/countdown";
import { AwaitScreen } from "./AwaitScreen";

const NOW = new Date("2026-11-15T12:00:00Z").getTime();

function setup(cancelling = false) {
  const onCancel = vi.fn();
  render(
    <AwaitScreen
      title="Approve the payment in MB WAY"
      expiresAt={new Date(NOW + 240_000).toISOString()}
      timeLeft={(time) => `Time left to approve: ${time}`}
      cancelLabel="Cancel"
      cancelling={cancelling}
      onCancel={onCancel}
    >
      <p>Open the MB WAY app.</p>
    </AwaitScreen>,
  );
  return { onCancel };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("AwaitScreen", () => {
  it("says what to do, focuses its heading and counts down to the deadline every second", async () => {
    setup();
    const heading = screen.getByRole("heading", { name: "Approve the payment in MB WAY" });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByText("Open the MB WAY app.")).toBeTruthy();
    const timer = screen.getByRole("timer");
    expect(timer.textContent).toBe("Time left to approve: 4:00");
    await act(() => void vi.advanceTimersByTime(1000));
    expect(timer.textContent).toBe("Time left to approve: 3:59");
    await act(() => void vi.advanceTimersByTime(229_000));
    expect(timer.textContent).toBe("Time left to approve: 0:10");
    await act(() => void vi.advanceTimersByTime(60_000));
    expect(timer.textContent).toBe("Time left to approve: 0:00"); // stops at zero
  });

  it("calls cancel, and cannot be pressed again while cancelling", () => {
    const { onCancel } = setup();
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    cleanup();
    setup(true);
    expect(screen.getByRole("button", { name: "Cancel" }).hasAttribute("disabled")).toBe(true);
  });
});

describe("countdown helpers", () => {
  it("rounds up to whole seconds, never below zero, and prints m:ss", () => {
    expect(secondsUntil(new Date(NOW + 1500).toISOString(), NOW)).toBe(2);
    expect(secondsUntil(new Date(NOW - 5000).toISOString(), NOW)).toBe(0);
    expect(secondsUntil("not a date", NOW)).toBe(0);
    expect(formatCountdown(240)).toBe("4:00");
    expect(formatCountdown(61)).toBe("1:01");
    expect(formatCountdown(0)).toBe("0:00");
  });
});

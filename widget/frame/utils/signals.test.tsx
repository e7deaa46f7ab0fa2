// @vitest-environment happy-dom
import { act, cleanup, render, screen } from "@testing-library/preact";
import { afterEach, describe, expect, it, vi } from "vitest";
import { signal, useSignal, useSignalValue } from "./signals";

afterEach(cleanup);

describe("signal", () => {
  it("tells its listeners each change, and no more once they stop", () => {
    const count = signal(1);
    const heard = vi.fn();
    const stop = count.subscribe(heard);
    count.value = 2;
    count.value = 2; // the same value is no change
    stop();
    count.value = 3;
    expect(heard.mock.calls).toEqual([[2]]);
    expect(count.value).toBe(3);
  });
});

describe("useSignalValue", () => {
  it("renders the component again when the signal changes, and lets it go when unmounted", async () => {
    const text = signal("first");
    const Shown = () => <p>{useSignalValue(text)}</p>;
    const { unmount } = render(<Shown />);
    expect(screen.getByText("first")).toBeTruthy();

    await act(() => void (text.value = "second"));
    expect(screen.getByText("second")).toBeTruthy();

    unmount();
    const stopped = vi.fn();
    text.subscribe(stopped);
    await act(() => void (text.value = "third"));
    expect(stopped).toHaveBeenCalledTimes(1); // the unmounted component no longer listens
  });

  it("sees a change made between its render and its subscription", async () => {
    const text = signal("before");
    const Shown = () => <p>{useSignalValue(text)}</p>;
    await act(() => {
      render(<Shown />);
      text.value = "after"; // effects have not run yet
    });
    expect(screen.getByText("after")).toBeTruthy();
  });
});

describe("useSignal", () => {
  it("keeps one signal per component across renders and renders on its changes", async () => {
    const seen = new Set<unknown>();
    let set: (value: number) => void = () => undefined;
    const Counter = () => {
      const count = useSignal(0);
      seen.add(count);
      set = (value) => (count.value = value);
      return <p>count {count.value}</p>;
    };
    render(<Counter />);
    await act(() => set(5));
    expect(screen.getByText("count 5")).toBeTruthy();
    expect(seen.size).toBe(1);
  });
});

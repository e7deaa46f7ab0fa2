// @vitest-environment happy-dom
import { act, cleanup, render, screen } from "@testing-library/preact";
import { afterEach, expect, it, vi } from "vitest";
import { DashboardApiError } from "./api";
import { useResource } from "./use-resource";

/** Each read waits until the test answers it. */
const pending = new Map<string, { resolve: (value: unknown) => void; reject: (error: unknown) => void }>();
vi.mock("./api", async (original) => ({
  ...(await original<typeof import("./api")>()),
  callApi: (_method: string, path: string) =>
    new Promise((resolve, reject) => pending.set(path, { resolve, reject })),
}));

/** Answers a read (or fails it) and lets the hook take the answer. */
const answer = (
  path: string,
  settle: (read: { resolve: (v: unknown) => void; reject: (e: unknown) => void }) => void,
) =>
  act(async () => {
    const read = pending.get(path);
    if (!read) throw new Error(`no read of ${path}`);
    settle(read);
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

afterEach(() => {
  cleanup();
  renders.length = 0;
  pending.clear();
});

/** Every render: the path asked for and the data shown. */
const renders: [string, string | undefined][] = [];

function Shown({ path }: { path: string }) {
  const { data, error, reload } = useResource<string>(path);
  renders.push([path, data]);
  return (
    <>
      <p>{data ?? "loading"}</p>
      {error && <p>error {error.status}</p>}
      <button onClick={reload}>again</button>
    </>
  );
}

it("never shows one path's answer for another, and keeps a path's data when reading it again fails", async () => {
  const { rerender } = render(<Shown path="events" />);
  await answer("events", (read) => read.resolve("every event"));
  expect(screen.getByText("every event")).toBeTruthy();

  // The filter changes: the unfiltered list is gone at once, not shown until the filtered one comes.
  rerender(<Shown path="events?type=webhook.test" />);
  expect(screen.getByText("loading")).toBeTruthy();
  await answer("events?type=webhook.test", (read) => read.resolve("test events"));
  expect(screen.getByText("test events")).toBeTruthy();
  expect(renders.filter(([path, data]) => path !== "events" && data === "every event")).toEqual([]);

  // An answer to the old path arriving late is ignored.
  await answer("events", (read) => read.resolve("stale"));
  expect(screen.getByText("test events")).toBeTruthy();

  // Reading the same path again fails: the error is known, the data stays.
  await act(() => screen.getByRole("button", { name: "again" }).click());
  await answer("events?type=webhook.test", (read) =>
    read.reject(new DashboardApiError(503, undefined, "down")),
  );
  expect(screen.getByText("test events")).toBeTruthy();
  expect(screen.getByText("error 503")).toBeTruthy();
});

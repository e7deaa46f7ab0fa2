// @vitest-environment happy-dom
import { expect, it, vi } from "vitest";
import { MESSAGE_SOURCE } from "../../shared/messages";
import { connectParent, parentOriginFromHash } from "./parent-channel";

it("reads only a plain http(s) origin from the hash", () => {
  expect(parentOriginFromHash("#origin=https%3A%2F%2Fshop.example")).toBe("https://shop.example");
  expect(parentOriginFromHash("#origin=http%3A%2F%2F127.0.0.1%3A4111")).toBe("http://127.0.0.1:4111");
  expect(parentOriginFromHash("#origin=https%3A%2F%2Fshop.example%2Fpath")).toBeUndefined();
  expect(parentOriginFromHash("#origin=javascript%3Aalert(1)")).toBeUndefined();
  expect(parentOriginFromHash("#origin=null")).toBeUndefined();
  expect(parentOriginFromHash("")).toBeUndefined();
});

function fakeWindow() {
  const listeners: ((event: MessageEvent) => void)[] = [];
  const parent = { postMessage: vi.fn() };
  const win = {
    parent,
    addEventListener: (_type: string, listener: (event: MessageEvent) => void) => listeners.push(listener),
  };
  const receive = (data: unknown, origin: string, source: unknown) =>
    listeners.forEach((listener) => listener({ data, origin, source } as MessageEvent));
  return { win: win as unknown as Window, parent, receive };
}

it("speaks only after a hello from the announced origin and the parent window, to that origin", () => {
  const { win, parent, receive } = fakeWindow();
  const onHello = vi.fn();
  const channel = connectParent("https://shop.example", win, onHello);
  channel.send({ type: "size", height: 100 });
  channel.send({ type: "ready" });
  channel.send({ type: "size", height: 200 });
  channel.send({ type: "done", state: "Success", redirectUrl: "https://shop.example/r?id=1" });
  expect(parent.postMessage).not.toHaveBeenCalled();

  receive({ source: MESSAGE_SOURCE, type: "hello" }, "https://evil.example", parent);
  receive({ source: MESSAGE_SOURCE, type: "hello" }, "https://shop.example", {});
  expect(parent.postMessage).not.toHaveBeenCalled();

  expect(onHello).not.toHaveBeenCalled();

  receive(
    { source: MESSAGE_SOURCE, type: "hello", options: { locale: "pt" } },
    "https://shop.example",
    parent,
  );
  expect(onHello).toHaveBeenCalledWith({ locale: "pt" });
  expect(parent.postMessage.mock.calls).toEqual([
    [{ type: "connected", source: MESSAGE_SOURCE }, "https://shop.example"],
    [{ type: "ready", source: MESSAGE_SOURCE }, "https://shop.example"],
    [{ type: "size", height: 200, source: MESSAGE_SOURCE }, "https://shop.example"],
    [
      { type: "done", state: "Success", redirectUrl: "https://shop.example/r?id=1", source: MESSAGE_SOURCE },
      "https://shop.example",
    ],
  ]);
  channel.send({ type: "title", title: "Card payment" });
  expect(parent.postMessage).toHaveBeenLastCalledWith(
    { type: "title", title: "Card payment", source: MESSAGE_SOURCE },
    "https://shop.example",
  );
});

it("stays silent without a parent origin", () => {
  const { win, parent } = fakeWindow();
  connectParent(undefined, win).send({ type: "size", height: 1 });
  expect(parent.postMessage).not.toHaveBeenCalled();
});

it("hears that the page stays only from its parent, after the hello", () => {
  const { win, parent, receive } = fakeWindow();
  const onStay = vi.fn();
  connectParent("https://shop.example", win, () => {}, onStay);
  receive({ source: MESSAGE_SOURCE, type: "stay" }, "https://shop.example", parent);
  expect(onStay).not.toHaveBeenCalled(); // before the hello: not yet a parent it trusts

  receive({ source: MESSAGE_SOURCE, type: "hello" }, "https://shop.example", parent);
  receive({ source: MESSAGE_SOURCE, type: "stay" }, "https://evil.example", parent);
  receive({ source: MESSAGE_SOURCE, type: "stay" }, "https://shop.example", {});
  expect(onStay).not.toHaveBeenCalled();
  receive({ source: MESSAGE_SOURCE, type: "stay" }, "https://shop.example", parent);
  expect(onStay).toHaveBeenCalledTimes(1);
});

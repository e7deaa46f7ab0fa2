// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from "@testing-library/preact";
import { useState } from "preact/hooks";
import { afterEach, describe, expect, it } from "vitest";
import { Tabs } from "./Tabs";

const ITEMS = [
  { id: "CC", label: "Card" },
  { id: "MW", label: "MB WAY" },
];

function Harness({ items = ITEMS, locked = false }: { items?: typeof ITEMS; locked?: boolean }) {
  const [selected, setSelected] = useState(items[0]?.id ?? "");
  return (
    <Tabs label="Payment method" items={items} selected={selected} onSelect={setSelected} locked={locked}>
      <p>panel {selected}</p>
    </Tabs>
  );
}

afterEach(cleanup);

describe("Tabs", () => {
  it("shows a labelled tab list in the given order, the first selected, its panel labelled by it", () => {
    render(<Harness />);
    expect(screen.getByRole("tablist", { name: "Payment method" })).toBeTruthy();
    const tabs = screen.getAllByRole("tab");
    expect(tabs.map((tab) => tab.textContent)).toEqual(["Card", "MB WAY"]);
    expect(tabs.map((tab) => tab.getAttribute("aria-selected"))).toEqual(["true", "false"]);
    expect(tabs.map((tab) => tab.tabIndex)).toEqual([0, -1]); // one tab stop
    const panel = screen.getByRole("tabpanel");
    expect(panel.getAttribute("aria-labelledby")).toBe("tab-CC");
    expect(tabs[0]?.getAttribute("aria-controls")).toBe(panel.id);
    expect(panel.textContent).toBe("panel CC");
  });

  it("selects on click", () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole("tab", { name: "MB WAY" }));
    expect(screen.getByRole("tab", { name: "MB WAY" }).getAttribute("aria-selected")).toBe("true");
    expect(screen.getByRole("tabpanel").textContent).toBe("panel MW");
  });

  it("moves and selects with the arrows (wrapping), Home and End, and focuses the new tab", () => {
    render(<Harness />);
    const [card, mbway] = screen.getAllByRole("tab") as [HTMLElement, HTMLElement];
    card.focus();
    fireEvent.keyDown(card, { key: "ArrowRight" });
    expect(document.activeElement).toBe(screen.getByRole("tab", { name: "MB WAY" }));
    expect(mbway.getAttribute("aria-selected")).toBe("true");
    fireEvent.keyDown(mbway, { key: "ArrowRight" });
    expect(screen.getByRole("tab", { name: "Card" }).getAttribute("aria-selected")).toBe("true");
    fireEvent.keyDown(card, { key: "End" });
    expect(screen.getByRole("tabpanel").textContent).toBe("panel MW");
    fireEvent.keyDown(mbway, { key: "Home" });
    expect(screen.getByRole("tabpanel").textContent).toBe("panel CC");
    fireEvent.keyDown(card, { key: "ArrowLeft" });
    expect(screen.getByRole("tabpanel").textContent).toBe("panel MW");
  });

  it("shows no list for a single method, nor while locked", () => {
    render(<Harness items={[{ id: "MW", label: "MB WAY" }]} />);
    expect(screen.queryByRole("tablist")).toBeNull();
    expect(screen.queryByRole("tabpanel")).toBeNull();
    expect(screen.getByText("panel MW")).toBeTruthy();
    cleanup();
    render(<Harness locked />);
    expect(screen.queryByRole("tab")).toBeNull();
    expect(screen.getByText("panel CC")).toBeTruthy();
  });
});

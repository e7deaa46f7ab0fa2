import type { ComponentChildren } from "preact";
import { useRef } from "preact/hooks";

export interface TabItem {
  id: string;
  label: string;
}

export interface TabsProps {
  /** What the choice is about, e.g. "Payment method". */
  label: string;
  items: readonly TabItem[];
  selected: string;
  onSelect: (id: string) => void;
  /** Hide the tab list (e.g. while a payment waits), keeping the selected panel mounted. */
  locked?: boolean;
  children: ComponentChildren;
}

const KEY_MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_i, n) => n - 1,
};

/**
 * WAI-ARIA tabs: one tab stop for the list (roving tabindex), arrows/Home/End move and select,
 * the panel is labelled by its tab. A single item shows no list at all.
 */
export function Tabs({ label, items, selected, onSelect, locked, children }: TabsProps) {
  const buttons = useRef<Record<string, HTMLButtonElement | null>>({});
  const showList = items.length > 1 && !locked;

  const onKeyDown = (event: KeyboardEvent) => {
    const move = KEY_MOVES[event.key];
    if (!move) return;
    event.preventDefault();
    const next =
      items[
        move(
          items.findIndex((item) => item.id === selected),
          items.length,
        )
      ];
    if (!next) return;
    onSelect(next.id);
    buttons.current[next.id]?.focus();
  };

  return (
    <div class="tabs">
      {showList && (
        <div role="tablist" aria-label={label} class="tablist" onKeyDown={onKeyDown}>
          {items.map((item) => (
            <button
              key={item.id}
              ref={(el) => {
                buttons.current[item.id] = el;
              }}
              type="button"
              role="tab"
              id={`tab-${item.id}`}
              class="tab"
              aria-selected={item.id === selected}
              aria-controls={`panel-${item.id}`}
              tabIndex={item.id === selected ? 0 : -1}
              onClick={() => onSelect(item.id)}
            >
              {item.label}
            </button>
          ))}
        </div>
      )}
      <div
        role={showList ? "tabpanel" : undefined}
        id={showList ? `panel-${selected}` : undefined}
        aria-labelledby={showList ? `tab-${selected}` : undefined}
      >
        {children}
      </div>
    </div>
  );
}

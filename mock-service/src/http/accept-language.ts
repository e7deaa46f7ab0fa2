import { isLanguage, type Language } from "../../contract";

/**
 * The first of the browser's preferred languages (`Accept-Language`, by weight, then in the order
 * given) that the checkout speaks, by its primary subtag: `pt-BR,pt;q=0.9,en;q=0.8` → `PT`.
 * Undefined when it names none of them (or `*` only).
 */
export function preferredLanguage(header: string | undefined): Language | undefined {
  const ranges = (header ?? "")
    .split(",")
    .map((part, index) => {
      const [range = "", ...params] = part.split(";").map((piece) => piece.trim());
      const q = params.find((param) => /^q=/i.test(param));
      const weight = q === undefined ? 1 : Number(q.slice(2));
      return { range, weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter(({ range, weight }) => range && weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { range } of ranges) {
    const primary = range.split("-")[0]?.toUpperCase() ?? "";
    if (isLanguage(primary)) return primary;
  }
  return undefined;
}

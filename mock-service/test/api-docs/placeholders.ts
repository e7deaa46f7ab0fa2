/**
 * Replaces the values that change from run to run (ids, uuids, secrets, Multibanco entities and
 * references, signatures) by stable placeholders, numbered per kind in order of first appearance.
 * The same real value always gets the same placeholder, so an id created in one example and used in
 * a later one reads the same in both. Placeholders keep the real value's shape (prefix, length,
 * alphabet), so they read like real values and still match the API's own patterns.
 */
export class Placeholders {
  private readonly assigned = new Map<string, string>();
  private readonly counters = new Map<string, number>();
  /** Exact values to replace, by the kind of placeholder they get (e.g. a Multibanco reference). */
  private readonly registered = new Map<string, Kind>();

  /** `fixed` replaces exact strings by exact strings (e.g. a test receiver's origin by a shop's). */
  constructor(private readonly fixed: ReadonlyArray<readonly [string, string]> = []) {}

  /** Marks an exact value as volatile: it is replaced wherever it appears from now on. */
  register(value: string, kind: Kind): void {
    if (value) this.registered.set(value, kind);
  }

  /** Registers the volatile values a JSON body carries under known keys (`entity`, `reference`, …). */
  registerFromJson(body: unknown): void {
    walk(body, (key, value) => {
      const kind = KEYED_KINDS[key];
      if (kind) this.register(value, kind);
    });
  }

  replace(text: string): string {
    let out = text;
    for (const [from, to] of this.fixed) out = out.split(from).join(to);
    const registered = [...this.registered.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp);
    const pattern = new RegExp(
      [...registered.map((value) => `(?<![0-9])${value}(?![0-9])`), ...PATTERNS.map((p) => p.source)].join(
        "|",
      ),
      "g",
    );
    return out.replace(pattern, (match) => this.placeholderFor(match));
  }

  private placeholderFor(value: string): string {
    const known = this.assigned.get(value);
    if (known) return known;
    const kind = this.registered.get(value) ?? kindOf(value);
    const n = (this.counters.get(kind) ?? 0) + 1;
    this.counters.set(kind, n);
    const placeholder = MAKERS[kind](value, n);
    this.assigned.set(value, placeholder);
    return placeholder;
  }
}

export type Kind = "id" | "uuid" | "secret" | "signature" | "entity" | "reference";

const PATTERNS: ReadonlyArray<{ kind: Kind; source: string }> = [
  // Secrets first: `whsec_` + 32 base64url characters would otherwise look like an id to the next rule.
  { kind: "secret", source: String.raw`\bwhsec_[A-Za-z0-9_-]{32}(?![A-Za-z0-9_-])` },
  { kind: "id", source: String.raw`\b[a-z]{1,8}_[A-Za-z0-9]{20}\b` },
  { kind: "uuid", source: String.raw`\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b` },
  { kind: "signature", source: String.raw`\bv1=[0-9a-f]{64}\b` },
];

const KEYED_KINDS: Record<string, Kind> = { entity: "entity", reference: "reference", secret: "secret" };

const MAKERS: Record<Kind, (value: string, n: number) => string> = {
  // ck_4fQ… → ck_EXAMPLE0000000000001 (the prefix says what it is; 20 characters as in real ids)
  id: (value, n) => `${value.slice(0, value.indexOf("_") + 1)}EXAMPLE${pad(n, 13)}`,
  uuid: (_value, n) => `00000000-0000-4000-8000-${pad(n, 12)}`,
  secret: (value, n) => {
    const prefix = /^[a-z]+_/.exec(value)?.[0] ?? "";
    return `${prefix}${"EXAMPLE".padEnd(value.length - prefix.length - String(n).length, "0")}${n}`;
  },
  signature: (_value, n) => `v1=${pad(n, 64)}`,
  entity: (_value, n) => String(12344 + n),
  // Seven digits and two check digits in real references; the placeholder keeps the nine digits.
  reference: (_value, n) => `1234567${pad(n, 2)}`,
};

function kindOf(value: string): Kind {
  const rule = PATTERNS.find((p) => new RegExp(`^${p.source}$`).test(value));
  if (!rule) throw new Error(`no placeholder rule matches ${value}`);
  return rule.kind;
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, "0");
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function walk(value: unknown, visit: (key: string, value: string) => void): void {
  if (Array.isArray(value)) {
    for (const item of value) walk(item, visit);
  } else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (typeof item === "string") visit(key, item);
      else walk(item, visit);
    }
  }
}

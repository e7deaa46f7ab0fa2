import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/** The repository's own documentation must stand alone: users have nothing outside the repository. */
const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const DECISIONS = join(ROOT, "docs/decisions");
const DOCS = [
  "README.md",
  "SECURITY.md",
  "demo-merchant/README.md",
  "bench/README.md",
  ...readdirSync(join(ROOT, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`),
  ...readdirSync(DECISIONS).map((name) => `docs/decisions/${name}`),
];

function links(markdown: string): string[] {
  return [...markdown.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1] ?? "");
}

/** The anchors of a Markdown file's headings, as GitHub makes them (duplicates get `-1`, `-2`, …). */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of markdown.split("\n")) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const text = (heading[1] ?? "").replace(/\[([^\]]*)\]\([^)]*\)/g, "$1");
    const slug = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    let anchor = slug;
    for (let n = 1; anchors.has(anchor); n++) anchor = `${slug}-${n}`;
    anchors.add(anchor);
  }
  return anchors;
}

describe("documentation", () => {
  it.each(DOCS)("%s links only to files of the repository, and they exist", (doc) => {
    const text = readFileSync(join(ROOT, doc), "utf8");
    expect(text).not.toMatch(/\.\.\/shared|\/work\/shared/);
    const outside = links(text).filter((target) => /^[a-z]+:/i.test(target));
    expect(outside, "links that leave the repository").toEqual([]);
    const broken = links(text)
      .filter((target) => !target.startsWith("#") && !/^[a-z]+:/i.test(target))
      .filter((target) => {
        const path = resolve(dirname(join(ROOT, doc)), target.split("#")[0] ?? "");
        return relative(ROOT, path).startsWith("..") || !existsSync(path);
      });
    expect(broken, "relative links to files that do not exist in the repository").toEqual([]);
  });

  it.each(DOCS)("%s links only to headings that exist", (doc) => {
    const text = readFileSync(join(ROOT, doc), "utf8");
    const missing = links(text)
      .filter((target) => target.includes("#") && !/^[a-z]+:/i.test(target))
      .filter((target) => {
        const [file = "", anchor = ""] = target.split("#");
        const path = file === "" ? join(ROOT, doc) : resolve(dirname(join(ROOT, doc)), file);
        if (!path.endsWith(".md") || !existsSync(path)) return false;
        return !headingAnchors(readFileSync(path, "utf8")).has(decodeURIComponent(anchor));
      });
    expect(missing, "links to headings that do not exist").toEqual([]);
  });

  it("lists every decision record in docs/decisions/README.md", () => {
    const index = readFileSync(join(DECISIONS, "README.md"), "utf8");
    const records = readdirSync(DECISIONS).filter((name) => name.endsWith(".md") && name !== "README.md");
    expect(records.filter((name) => !links(index).includes(name))).toEqual([]);
  });
});

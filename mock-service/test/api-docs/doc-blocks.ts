/**
 * Marked blocks in a Markdown file:
 *
 *     <!-- example: create-checkout -->
 *     …written by the docs test…
 *     <!-- /example -->
 *
 * `kind` says who owns the content: `example` and `generated` blocks are written by the docs test;
 * `enum` blocks are written by hand and only checked (their table's first column against an enum).
 */
export interface DocBlock {
  kind: string;
  name: string;
  content: string;
}

const BLOCK = /<!-- ([a-z]+): ([a-z0-9-]+) -->\n([\s\S]*?)<!-- \/\1 -->/g;

export const blockKey = (kind: string, name: string) => `${kind}: ${name}`;

/** Every marked block, by `kind: name`; a name used twice for one kind is an error. */
export function readBlocks(markdown: string): Map<string, DocBlock> {
  const blocks = new Map<string, DocBlock>();
  for (const [, kind = "", name = "", content = ""] of markdown.matchAll(BLOCK)) {
    const key = blockKey(kind, name);
    if (blocks.has(key)) throw new Error(`<!-- ${key} --> appears twice`);
    blocks.set(key, { kind, name, content: content.trim() });
  }
  return blocks;
}

/** The Markdown with the content of the named blocks replaced; other blocks and text are kept. */
export function replaceBlocks(markdown: string, contents: ReadonlyMap<string, string>): string {
  return markdown.replace(BLOCK, (whole: string, kind: string, name: string) => {
    const content = contents.get(blockKey(kind, name));
    return content === undefined
      ? whole
      : `<!-- ${kind}: ${name} -->\n\n${content.trim()}\n\n<!-- /${kind} -->`;
  });
}

/** The values a Markdown table lists in its first column as code (`| \`value\` | … |`). */
export function firstColumnCodes(table: string): string[] {
  return [...table.matchAll(/^\|\s*`([^`]+)`/gm)].map((match) => match[1] ?? "");
}

// Imported first by every entry point, before any native module loads: better-sqlite3 13 needs
// Node.js 22 or newer and crashes on older ones instead of saying why.
export const MIN_NODE_MAJOR = 22;

/** The one line to print when this Node.js is too old, or undefined when it will do. */
export function nodeVersionProblem(version: string): string | undefined {
  const major = Number(/^v?(\d+)\./.exec(version)?.[1]);
  if (major >= MIN_NODE_MAJOR) return undefined;
  return `payments sandbox needs Node.js ${MIN_NODE_MAJOR} or newer; this is ${version}`;
}

const problem = nodeVersionProblem(process.version);
if (problem) {
  console.error(problem);
  process.exit(1);
}

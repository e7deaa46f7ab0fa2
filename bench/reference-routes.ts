/** The reference server's routes, each answering `<path><n>` with an n-byte body (bench/reference-server.ts). */
export const REFERENCE_ROUTES = [
  { key: "constantBody", path: "/bytes/", label: "Fastify, constant body" },
  { key: "sqliteRead", path: "/row/", label: "Fastify + one SQLite read" },
] as const;

export type ReferenceKey = (typeof REFERENCE_ROUTES)[number]["key"];

import { readdir, readFile } from "node:fs/promises";
import { extname, resolve } from "node:path";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { Ctx } from "../operations/context";
import { registerDashboardHeaders } from "../plugins/dashboard-session";
import { dashboardApiRoutes } from "./dashboard-api";

const DASHBOARD_DIR = resolve(import.meta.dirname, "../../../dist/dashboard");
const ENTRY = "mock-service/dashboard/main.tsx";
/** The dashboard's addresses, so that a link or a reload lands on its page. */
const DASHBOARD_PAGES = [
  "/dashboard",
  "/dashboard/payments",
  "/dashboard/payments/:id",
  "/dashboard/checkouts",
  "/dashboard/customers",
  "/dashboard/webhooks",
  "/dashboard/events",
  "/dashboard/events/:id",
];
const ASSET_NAME = /^[\w.-]+$/;
const CONTENT_TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
};

interface DashboardBuild {
  script: string;
  styles: string[];
  preloads: string[];
  assets: Map<string, { body: Buffer; type: string }>;
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

/** The built dashboard (`npm run build`, its own Vite entry): entry, stylesheets and hashed assets. */
export async function readDashboardBuild(dir = DASHBOARD_DIR): Promise<DashboardBuild | undefined> {
  const manifest = await readFile(resolve(dir, ".vite/manifest.json"), "utf8")
    .then((text) => JSON.parse(text) as Record<string, ManifestChunk>)
    .catch(() => undefined);
  const entry = manifest?.[ENTRY];
  if (!manifest || !entry) return undefined;
  const preloads = (entry.imports ?? []).flatMap((key) => manifest[key]?.file ?? []);
  const styles = [...(entry.css ?? []), ...(entry.imports ?? []).flatMap((key) => manifest[key]?.css ?? [])];
  const assets = new Map<string, { body: Buffer; type: string }>();
  for (const name of await readdir(resolve(dir, "assets")).catch(() => [] as string[])) {
    const type = CONTENT_TYPES[extname(name)];
    if (type) assets.set(name, { body: await readFile(resolve(dir, "assets", name)), type });
  }
  return { script: entry.file, styles, preloads, assets };
}

/** The page shell: no inline script or style, so the CSP needs neither 'unsafe-inline' nor hashes. */
export function renderDashboardPage(build: DashboardBuild): string {
  return [
    "<!doctype html>",
    '<html lang="en">',
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="referrer" content="same-origin">',
    "<title>Sandbox dashboard</title>",
    // No icon: without this line the browser asks for /favicon.ico and logs its 404 on every load.
    '<link rel="icon" href="data:,">',
    ...build.styles.map((file) => `<link rel="stylesheet" href="/dashboard/${file}">`),
    ...build.preloads.map((file) => `<link rel="modulepreload" href="/dashboard/${file}">`),
    `<script type="module" src="/dashboard/${build.script}"></script>`,
    "</head>",
    "<body>",
    '<div id="app"></div>',
    "<noscript>The dashboard needs JavaScript.</noscript>",
    "</body>",
    "</html>",
  ].join("\n");
}

const NOT_BUILT = [
  "<!doctype html>",
  '<html lang="en"><head><meta charset="utf-8"><title>Dashboard not built</title></head>',
  "<body><h1>The dashboard is not built</h1><p>Run <code>npm run build</code>, then start the service again.</p></body>",
  "</html>",
].join("\n");

/** `GET /dashboard` and its pages, its assets, and its API (`/dashboard/api/*`). Hidden from the API docs. */
export async function dashboardRoutes(app: FastifyInstance, { ctx }: { ctx: Ctx }): Promise<void> {
  const build = await readDashboardBuild();
  const page = build && renderDashboardPage(build);
  registerDashboardHeaders(app);

  const shell = async (_request: unknown, reply: FastifyReply) => {
    if (!page) return reply.code(503).type("text/html; charset=utf-8").send(NOT_BUILT);
    return reply.type("text/html; charset=utf-8").send(page);
  };
  // Every page of the dashboard is the same shell; the app routes by path.
  for (const path of DASHBOARD_PAGES) app.get(path, { schema: { hide: true } }, shell);

  app.get<{ Params: { name: string } }>(
    "/dashboard/assets/:name",
    { schema: { hide: true } },
    async (request, reply) => {
      const asset = ASSET_NAME.test(request.params.name) ? build?.assets.get(request.params.name) : undefined;
      if (!asset) return reply.code(404).type("text/plain; charset=utf-8").send("not found");
      return reply
        .type(asset.type)
        .header("Cache-Control", "public, max-age=31536000, immutable")
        .send(asset.body);
    },
  );

  await app.register(dashboardApiRoutes, { ctx });
}

import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "./processes";

export type WidgetAvailability = { ok: true } | { ok: false; reason: string };

const WIDGET_DIR = join(ROOT, "dist/widget");
const isBuilt = () =>
  existsSync(join(WIDGET_DIR, "loader.js")) && existsSync(join(WIDGET_DIR, ".vite/manifest.json"));

/**
 * The service reads dist/widget once at start, so this runs before it: an existing build is used
 * as it is; a missing one is built once with `npm run build`.
 */
export function ensureWidgetBuild(progress: (line: string) => void): WidgetAvailability {
  if (isBuilt()) return { ok: true };
  progress("dist/widget is missing or incomplete: npm run build");
  const built = spawnSync("npm", ["run", "build"], { cwd: ROOT, encoding: "utf8" });
  if (built.status !== 0) {
    const tail = `${built.stdout}\n${built.stderr}`.trim().split("\n").slice(-5).join(" | ");
    return { ok: false, reason: `npm run build failed: ${tail}` };
  }
  return isBuilt() ? { ok: true } : { ok: false, reason: "npm run build left no loader or manifest" };
}

import { freePort } from "../mock-service/test/process";
import { type ServerProcess, spawnServer } from "./processes";
import { REFERENCE_ROUTES } from "./reference-routes";

export const API_KEY = "sk_test_sandbox";

export interface ServiceStart {
  databaseFile: string;
  logFile: string;
  rateLimitPerMinute: number;
  /** Directory for a `node --cpu-prof` profile, when profiling. */
  profileDir?: string | undefined;
  /** Extra variables, for diagnostics only (e.g. SQLITE_SYNCHRONOUS=NORMAL to see what fsync costs). */
  env?: Record<string, string>;
}

/**
 * The service as users run it (`npm run service`): its own process, an SQLite file in WAL mode,
 * default logging (info, here into a file) and default durability (SQLITE_SYNCHRONOUS=FULL).
 * Only the per-key rate limit is raised, so that the load runs measure work rather than 429s.
 */
export async function startService(start: ServiceStart): Promise<ServerProcess> {
  const port = await freePort();
  const env: Record<string, string | undefined> = { ...process.env };
  for (const name of ["LOG_LEVEL", "SQLITE_SYNCHRONOUS", "SANDBOX_API_KEY", "HOST", "PUBLIC_URL"])
    delete env[name];
  return spawnServer({
    script: "mock-service/src/main.ts",
    port,
    env: {
      ...env,
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: `file:${start.databaseFile}`,
      RATE_LIMIT_PER_MINUTE: String(start.rateLimitPerMinute),
      ...start.env,
    },
    logFile: start.logFile,
    readyPath: "/health",
    nodeArgs: start.profileDir ? ["--cpu-prof", "--cpu-prof-dir", start.profileDir] : [],
  });
}

export async function startBaseline(logFile: string): Promise<ServerProcess> {
  return spawnServer({
    script: "bench/baseline-server.ts",
    port: await freePort(),
    env: { ...process.env },
    logFile,
    readyPath: "/bytes/1",
  });
}

/** The reference server (bench/reference-server.ts), with one seeded row per answer size in `sizes`. */
export async function startReference(
  logFile: string,
  databaseFile: string,
  sizes: number[],
): Promise<ServerProcess> {
  const reference = await spawnServer({
    script: "bench/reference-server.ts",
    port: await freePort(),
    env: { ...process.env, REFERENCE_DB: databaseFile, REFERENCE_SIZES: sizes.join(",") },
    logFile,
    readyPath: "/bytes/1",
  });
  // The comparison only holds if both routes answer exactly the service's sizes.
  for (const size of sizes) {
    for (const route of REFERENCE_ROUTES) {
      const path = `${route.path}${size}`;
      const answer = await fetch(`${reference.baseUrl}${path}`);
      const bytes = (await answer.arrayBuffer()).byteLength;
      if (!answer.ok || bytes !== size) {
        await reference.stop();
        throw new Error(`reference ${path} answered ${answer.status} with ${bytes} bytes; see ${logFile}`);
      }
    }
  }
  return reference;
}

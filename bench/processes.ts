import { type ChildProcess, spawn } from "node:child_process";
import { openSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";

export const ROOT = resolve(import.meta.dirname, "..");

/** Servers still running: killed if the bench itself exits early (a crash must not leave them behind). */
const running = new Set<ChildProcess>();
process.on("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});
process.once("SIGINT", () => process.exit(130));

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  /** Milliseconds from spawning the process to its first answered request. */
  startupMs: number;
  rssMb(): Promise<number>;
  /** CPU time (user + system) the process has used so far, in milliseconds (10 ms resolution). */
  cpuMs: () => Promise<number>;
  stop(): Promise<void>;
}

export interface SpawnOptions {
  script: string;
  port: number;
  env: Record<string, string | undefined>;
  /** Where stdout and stderr go: a file, never the terminal. */
  logFile: string;
  /** A path answering 2xx once the server is ready. */
  readyPath: string;
  nodeArgs?: string[];
}

/** Starts a TypeScript entry point as its own node process (through tsx) and waits for its first answer. */
export async function spawnServer(options: SpawnOptions): Promise<ServerProcess> {
  const log = openSync(options.logFile, "a");
  const started = performance.now();
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), "--import", "tsx", options.script], {
    cwd: ROOT,
    env: { ...options.env, PORT: String(options.port) },
    stdio: ["ignore", log, log],
  });
  running.add(child);
  child.once("exit", () => running.delete(child));
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${options.script} exited early; see ${options.logFile}`);
    try {
      const answer = await fetch(`${baseUrl}${options.readyPath}`);
      await answer.arrayBuffer();
      if (answer.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`${options.script} did not answer within 30 s; see ${options.logFile}`);
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  const startupMs = performance.now() - started;
  return {
    child,
    baseUrl,
    startupMs,
    rssMb: () => rssMb(child.pid),
    cpuMs: () => cpuMs(child.pid),
    stop: () => stop(child),
  };
}

async function rssMb(pid: number | undefined): Promise<number> {
  if (pid === undefined) return Number.NaN;
  const status = await readFile(`/proc/${pid}/status`, "utf8").catch(() => "");
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  return kb ? Number(kb) / 1024 : Number.NaN;
}

const TICKS_PER_SECOND = 100;

async function cpuMs(pid: number | undefined): Promise<number> {
  if (pid === undefined) return Number.NaN;
  const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => "");
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / TICKS_PER_SECOND;
}

/** SIGTERM (the service shuts down cleanly, which also writes a --cpu-prof profile), SIGKILL after 10 s. */
function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    child.once("exit", () => {
      clearTimeout(timer);
      done();
    });
    child.kill("SIGTERM");
  });
}

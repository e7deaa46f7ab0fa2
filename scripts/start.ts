// `npm start`: the payment service and the demo shop side by side, stopped together on Ctrl-C.
import "../mock-service/src/require-node";
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const servicePort = process.env.PORT ?? "4010";
const demoPort = process.env.DEMO_PORT ?? "3000";
// One address for the service, given either way: the browsers' (PUBLIC_URL) is also the demo shop's.
const serviceUrl = process.env.SERVICE_URL ?? process.env.PUBLIC_URL ?? `http://localhost:${servicePort}`;
const demoUrl = process.env.DEMO_PUBLIC_URL ?? `http://localhost:${demoPort}`;
const STOP_GRACE_MS = 5000;
// Both print their per-request lines at debug: at the default (info) the banner below stays in view.
const logLevel = process.env.LOG_LEVEL ?? "info";
const demoLogLevel = process.env.DEMO_LOG_LEVEL ?? (logLevel === "trace" ? "debug" : logLevel);
// The sandbox merchant's key, which signs in to the dashboard (the service's SANDBOX_API_KEY).
const sandboxKey = process.env.SANDBOX_API_KEY ?? "sk_test_sandbox";

// The service serves the widget and the dashboard from dist/; build them once if either is missing.
const built = ["dist/widget/loader.js", "dist/dashboard/.vite/manifest.json"].every((file) =>
  existsSync(resolve(root, file)),
);
if (!built) {
  console.log("Building the checkout widget and the dashboard (npm run build)...");
  const build = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) {
    console.error("The widget build failed; see above.");
    process.exit(build.status ?? 1);
  }
}

function start(name: string, entry: string, env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ["--import", "tsx", entry], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: "inherit",
  });
  child.on("exit", (code, signal) => {
    if (stopping) return;
    // Ctrl-C reaches the children too; one that stops cleanly first is not an error.
    if (code !== 0) console.error(`${name} stopped (${signal ?? `exit code ${code}`}); stopping the rest.`);
    void stopAll(code === 0 ? 0 : 1);
  });
  return child;
}

let stopping = false;
const children: ChildProcess[] = [];

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => child.once("exit", () => done()));
}

async function stopAll(exitCode: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log("\nStopping...");
  for (const child of children) child.kill("SIGTERM");
  const forced = setTimeout(() => {
    for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  }, STOP_GRACE_MS);
  await Promise.all(children.map(exited));
  clearTimeout(forced);
  process.exit(exitCode);
}

async function waitForHealth(url: string, timeoutMs = 30_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !stopping) {
    try {
      if ((await fetch(`${url}/health`, { signal: AbortSignal.timeout(1000) })).ok) return true;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

children.push(
  start("The payment service", "mock-service/src/main.ts", {
    PORT: servicePort,
    PUBLIC_URL: serviceUrl,
    LOG_LEVEL: logLevel,
    DEMO_SHOP_URL: demoUrl,
  }),
  start("The demo shop", "demo-merchant/src/main.ts", {
    DEMO_PORT: demoPort,
    DEMO_PUBLIC_URL: demoUrl,
    SERVICE_URL: serviceUrl,
    DEMO_LOG_LEVEL: demoLogLevel,
  }),
);
process.on("SIGINT", () => void stopAll(0));
process.on("SIGTERM", () => void stopAll(0));

const [serviceUp, demoUp] = await Promise.all([waitForHealth(serviceUrl), waitForHealth(demoUrl)]);
if (serviceUp && demoUp) {
  console.log(`
  Payment service  ${serviceUrl}   (API docs: ${serviceUrl}/docs)
  Dashboard        ${serviceUrl}/dashboard   (sign in with ${sandboxKey})
  Demo shop        ${demoUrl}

  Press Ctrl-C to stop both.
`);
} else if (!stopping) {
  console.error(
    `Not ready after 30 s: ${serviceUp ? "" : "service "}${demoUp ? "" : "demo shop"}; stopping.`,
  );
  await stopAll(1);
}

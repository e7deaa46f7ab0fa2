import { z } from "zod";

const schema = z.object({
  DEMO_PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DEMO_HOST: z.string().default("127.0.0.1"),
  DEMO_PUBLIC_URL: z.url().optional(),
  SERVICE_URL: z.url().default("http://localhost:4010"),
  DEMO_API_KEY: z.string().min(1).default("sk_test_sandbox"),
  DEMO_SIGNING_SECRET: z.string().min(1).default("whsec_sandbox"),
  DEMO_DATA_DIR: z.string().min(1).default("data/demo"),
  DEMO_LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "silent"]).default("info"),
  /** How long applied event ids are remembered: at least the signature tolerance (300 s); 3 days by default. */
  DEMO_APPLIED_EVENT_RETENTION_S: z.coerce
    .number()
    .int()
    .min(300)
    .default(3 * 24 * 3600),
});

export interface DemoConfig {
  port: number;
  host: string;
  /** Where browsers and the payment service reach this shop, without a trailing slash. */
  publicUrl: string;
  serviceUrl: string;
  apiKey: string;
  /** Signs callbackUrl deliveries (the merchant's signing secret). */
  signingSecret: string;
  dataDir: string;
  logLevel: z.infer<typeof schema>["DEMO_LOG_LEVEL"];
  appliedEventRetentionMs: number;
}

/** Reads the environment once; throws a readable error naming every bad variable. */
export function loadDemoConfig(env: NodeJS.ProcessEnv = process.env): DemoConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid demo configuration:\n${lines.join("\n")}`);
  }
  const c = parsed.data;
  const trim = (url: string) => url.replace(/\/+$/, "");
  return {
    port: c.DEMO_PORT,
    host: c.DEMO_HOST,
    publicUrl: trim(c.DEMO_PUBLIC_URL ?? `http://localhost:${c.DEMO_PORT}`),
    serviceUrl: trim(c.SERVICE_URL),
    apiKey: c.DEMO_API_KEY,
    signingSecret: c.DEMO_SIGNING_SECRET,
    dataDir: c.DEMO_DATA_DIR,
    logLevel: c.DEMO_LOG_LEVEL,
    appliedEventRetentionMs: c.DEMO_APPLIED_EVENT_RETENTION_S * 1000,
  };
}

import { z } from "zod";

const retryDelays = z
  .string()
  .regex(/^\d+(,\d+)*$/, "must be comma-separated milliseconds")
  .transform((s) => s.split(",").map(Number));

// About a dozen attempts over three days, like Stripe: 1 min, 5 min, 30 min, 1 h, 2 h, 4 h, 8 h, 12 h, 24 h...
const DEFAULT_RETRY_DELAYS =
  "60000,300000,1800000,3600000,7200000,14400000,28800000,43200000,86400000,86400000";

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(4010),
  HOST: z.string().default("127.0.0.1"),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z.string().default("file:data/sandbox.db"),
  SANDBOX_API_KEY: z.string().min(8).default("sk_test_sandbox"),
  SANDBOX_SIGNING_SECRET: z.string().min(8).default("whsec_sandbox"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  EXPIRY_SWEEP_MS: z.coerce.number().int().min(10).default(5000),
  NOTIFY_RETRY_DELAYS: retryDelays.default(retryDelays.parse(DEFAULT_RETRY_DELAYS)),
  NOTIFY_TIMEOUT_MS: z.coerce.number().int().min(10).default(5000),
  NOTIFY_POLL_MS: z.coerce.number().int().min(10).default(500),
  CHECKOUT_TTL_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(30 * 60 * 1000),
  CHECKOUT_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(3),
  MBWAY_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(4 * 60 * 1000),
  MBWAY_AUTO_APPROVE_MS: z.coerce.number().int().min(0).default(2000),
  /** Extra origins allowed to frame the checkout besides the origin of its action URL ("*" for any). */
  FRAME_ANCESTORS: z.string().default(""),
  /** Check every response against its zod schema before sending it (tests turn this on). */
  VALIDATE_RESPONSES: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  SQLITE_SYNCHRONOUS: z.enum(["FULL", "NORMAL"]).default("FULL"),
  /** The demo shop's address, linked from the dashboard's empty lists (npm start sets it). */
  DEMO_SHOP_URL: z.url().optional(),
  /** Requests per minute per API key (merchant API) or per checkout (frame API). */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(60_000),
  /** Requests per minute per checkout that pay or cancel MB WAY (shared by card, MB WAY and its cancel). */
  FRAME_PAYING_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  /** 401s one client address may collect in a minute; past it, its merchant-API requests answer 429. */
  AUTH_FAILURES_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /** Bytes of a receiver's answer the notifier reads; the rest is cancelled unread. */
  NOTIFY_MAX_ANSWER_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(64 * 1024),
  /** Deliveries in flight at once, in all, and for one merchant (so a slow merchant never starves another). */
  NOTIFY_CONCURRENCY: z.coerce.number().int().min(1).default(64),
  NOTIFY_CONCURRENCY_PER_MERCHANT: z.coerce.number().int().min(1).default(4),
  /** Webhook endpoints one merchant may register. */
  WEBHOOKS_PER_MERCHANT: z.coerce.number().int().min(1).default(16),
  /** Open event streams (frame API) at once on one checkout, and from one client address. */
  STREAMS_PER_CHECKOUT: z.coerce.number().int().min(1).default(5),
  STREAMS_PER_ADDRESS: z.coerce.number().int().min(1).default(100),
});

export type Config = Omit<z.infer<typeof schema>, "PUBLIC_URL"> & { PUBLIC_URL: string };

/** Reads the environment once; throws a readable error naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const c = parsed.data;
  return { ...c, PUBLIC_URL: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, "") };
}

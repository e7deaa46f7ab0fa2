import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: [
      "mock-service/**/*.test.ts",
      "widget/**/*.test.{ts,tsx}",
      "demo-merchant/**/*.test.ts",
      "scripts/**/*.test.ts",
    ],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: "forks",
  },
});

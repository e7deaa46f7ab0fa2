import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/** What the widget and the demo shop may take from the service: its contract, nothing else. */
const SERVICE_INTERNALS = {
  // Anything under mock-service/ but its contract, and the process plumbing both servers share (log
  // output, the port-in-use line), which is not the service's logic.
  regex: "(^|/)mock-service/(?!contract(/|$)|src/log-destination$)",
  message: "widget/ and demo-merchant/ import only mock-service/contract from the service.",
};

/** Modules that do I/O: the domain's rules use none of them. */
const IO_MODULES = [
  "fastify",
  "kysely",
  "better-sqlite3",
  "pino",
  ...["fs", "fs/promises", "net", "http", "https", "http2", "child_process", "dgram", "dns", "tls"].flatMap(
    (name) => [name, `node:${name}`],
  ),
];

export default tseslint.config(
  { ignores: ["dist/", "node_modules/", "test-results/", "playwright-report/", "bench/results/", "data/"] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-explicit-any": "error",
      eqeqeq: ["error", "always"],
      "no-console": "off",
      // Fastify plugins and Kysely's Driver are async by interface, with or without an await inside.
      "@typescript-eslint/require-await": "off",
    },
  },
  { files: ["**/*.js", "**/*.mjs"], extends: [tseslint.configs.disableTypeChecked] },
  {
    // Tests read JSON answers (typed any) and check them by assertion, not by type.
    files: ["**/*.test.ts", "**/*.test.tsx", "mock-service/test/**", "demo-merchant/test/**", "e2e/**"],
    rules: {
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-return": "off",
      // expect(api.start).toHaveBeenCalled() and the like read a method without calling it.
      "@typescript-eslint/unbound-method": "off",
    },
  },
  {
    // Preact's hooks follow React's rules: called unconditionally and in the same order (an error).
    // Dependency lists are checked too: an effect that runs once on purpose (focus on mount, a stream
    // opened once per checkout) says why beside its list.
    files: ["widget/**/*.tsx", "widget/**/*.ts", "mock-service/dashboard/**"],
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "error" },
  },
  {
    // Function components and plain objects: the widget has no classes, so nothing it declares as a
    // method (props callbacks, hooks' results) relies on `this`.
    files: ["widget/**"],
    rules: { "@typescript-eslint/unbound-method": "off" },
  },
  {
    // Their tests may start the service itself (mock-service/test/helpers).
    files: ["widget/**", "demo-merchant/**"],
    ignores: ["**/*.test.ts", "**/*.test.tsx", "demo-merchant/test/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [SERVICE_INTERNALS] }] },
  },
  {
    files: ["mock-service/src/domain/**"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: IO_MODULES.map((name) => ({ name, message: "domain/ is rules without I/O." })),
          patterns: [
            {
              regex: "^\\.\\./(?!\\.\\./contract(/|$))",
              message: "domain/ imports only the contract and other domain modules.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["mock-service/src/routes/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/store", "**/store/**"],
              message: "routes call operations; they never reach the store.",
            },
          ],
        },
      ],
    },
  },
  prettier,
);

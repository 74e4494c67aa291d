// ESLint flat config: Next's rules (core web vitals, React, react-hooks, jsx-a11y, import) and
// typescript-eslint's recommended rules, as `create-next-app` sets them up. `npm run lint` allows
// no warnings, so a disable comment that no longer suppresses anything fails the run too.
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [
      ".next/**",
      "next-env.d.ts",
      "data/**",
      "tmp/**",
      "test-results/**",
      "playwright-report/**",
      "e2e-output/**",
      "bench/**/.media/**",
    ],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      // `_name` marks a value left out on purpose (an unused parameter, a property dropped by a rest).
      "@typescript-eslint/no-unused-vars": [
        "warn",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
    },
  },
  {
    // Configuration is read in one place: `env()` from lib/env (README, "Configuration").
    rules: {
      "no-restricted-properties": [
        "error",
        { object: "process", property: "env", message: "Read configuration with env() from @/lib/env (browser values: @/lib/env/public)." },
      ],
      "no-restricted-imports": [
        "error",
        ...["process", "node:process"].map((name) => ({ name, importNames: ["env"], message: "Read configuration with env() from @/lib/env." })),
      ],
    },
  },
  {
    // Where process.env may be read: lib/env itself, and the entry points — scripts, benches, tests,
    // tool configs, Next's instrumentation (NEXT_RUNTIME must stay literal for the build), and the
    // plain-JavaScript programs the app runs as child processes (they cannot import lib/env).
    files: [
      "lib/env/**",
      "scripts/**",
      "bench/**",
      "tests/**",
      "e2e/**",
      "*.config.{js,mjs,cjs,ts,mts}",
      "instrumentation.ts",
      "lib/**/*.child.{mjs,cjs}",
      "lib/**/*.cjs",
    ],
    rules: { "no-restricted-properties": "off", "no-restricted-imports": "off" },
  },
  {
    // Worker threads and Node scripts loaded as CommonJS: `require` is their module system.
    files: ["**/*.cjs"],
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    // No React here: test helpers and Playwright fixtures are named `useX` by those tools' custom.
    files: ["tests/**", "e2e/**", "bench/**", "scripts/**"],
    rules: Object.fromEntries(
      Object.keys(nextVitals.find((c) => c.plugins?.["react-hooks"])?.plugins["react-hooks"].rules ?? {}).map((r) => [
        `react-hooks/${r}`,
        "off",
      ]),
    ),
  },
  {
    // Response bodies read as JSON in API tests and benchmarks are untyped by nature; they check the shape.
    files: ["tests/**", "bench/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
];

export default config;

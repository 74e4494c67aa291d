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

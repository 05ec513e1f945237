// ESLint flat config: the rules of Remix's v2 template (eslint, typescript-eslint, react, react-hooks, jsx-a11y,
// import) plus import order, with Prettier owning layout. Why each choice: docs/decisions/0235-lint-and-format.md.
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import importPlugin from "eslint-plugin-import";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const ZOD_MESSAGE =
  "zod is imported only by a form's `*.schema.ts` module (or a folder route's `schema.ts`) and app/forms/fields.ts: docs/ARCHITECTURE.md#forms.";
// A route module's browser code keeps @conform-to/zod out: it pulls in all of zod (14 KB gzip) before hydration
// (docs/decisions/0495-route-actions-parse-through-the-kit.md). Actions import `parseWithZod` from
// `~/forms/action.server`, which the browser build drops.
const CONFORM_ZOD_PATH = {
  name: "@conform-to/zod",
  message: 'A route imports `parseWithZod` from "~/forms/action.server" (the browser build drops it; decision 0495).',
  allowTypeImports: true,
};
const LEGACY_SCHEMA_MODULES = ["**/schemas", "**/schemas.server", "**/*-schemas", "**/schema.server"];
const LEGACY_MESSAGE =
  "Schemas live in `*.schema.ts` modules (beside the route, or app/features/<area>/<name>.schema.ts when shared): docs/ARCHITECTURE.md#forms.";

export default tseslint.config(
  {
    ignores: [
      "build/",
      "public/build/",
      // Written by scripts/build-sw.mjs.
      "public/sw.js",
      ".cache/",
      ".data/",
      ".reports/",
      "test-results/",
      "playwright-report/",
      "bench/.lighthouse/",
      "bench/bare/build/",
      "bench/bare/public/build/",
      "bench/bare/.cache/",
    ],
  },

  js.configs.recommended,
  tseslint.configs.recommended,
  importPlugin.flatConfigs.recommended,
  importPlugin.flatConfigs.typescript,

  {
    languageOptions: { ecmaVersion: "latest", sourceType: "module" },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    settings: {
      "import/internal-regex": "^~/",
      "import/resolver": { typescript: { alwaysTryTypes: true }, node: true },
      // The Remix compiler's virtual module (vitest aliases it to tests/setup/server-build.ts).
      "import/core-modules": ["@remix-run/dev/server-build"],
    },
    rules: {
      // Unused names are errors; a leading underscore marks one kept on purpose (an argument a signature needs).
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
      // The grouping the code already uses: node/packages, then ~/ (the app), then ../ and ./, a blank line between.
      "import/order": [
        "error",
        {
          groups: ["builtin", "external", "internal", ["parent", "sibling", "index"]],
          "newlines-between": "always",
          alphabetize: { order: "asc", caseInsensitive: true },
        },
      ],
    },
  },

  // TypeScript already checks what these resolve, and import/namespace alone was three quarters of the run time;
  // typescript-eslint's performance guide turns the same five off. They stay on for the plain .js/.mjs files.
  {
    files: ["**/*.{ts,tsx}"],
    rules: {
      "import/named": "off",
      "import/namespace": "off",
      "import/default": "off",
      "import/no-named-as-default-member": "off",
      "import/no-unresolved": "off",
    },
  },
  // `import Decimal from "decimal.js"`, `tseslint.configs`: the libraries' own documented default imports.
  { rules: { "import/no-named-as-default": "off", "import/no-named-as-default-member": "off" } },

  // React: the app, its components and tests, and the bare bench app.
  {
    files: ["**/*.{jsx,tsx}"],
    ...react.configs.flat.recommended,
    ...react.configs.flat["jsx-runtime"],
    languageOptions: { ...react.configs.flat.recommended.languageOptions, globals: globals.browser },
    plugins: { react, "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    settings: {
      react: { version: "detect" },
      formComponents: ["Form"],
      linkComponents: [
        { name: "Link", linkAttribute: "to" },
        { name: "NavLink", linkAttribute: "to" },
      ],
    },
    rules: {
      ...react.configs.flat.recommended.rules,
      ...react.configs.flat["jsx-runtime"].rules,
      ...reactHooks.configs["recommended-latest"].rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // TypeScript checks props.
      "react/prop-types": "off",
      // `<ul role="list">` is deliberate: Safari drops the list role of a list styled `list-style: none`.
      "jsx-a11y/no-redundant-roles": ["error", { ul: ["list"], ol: ["list"] }],
    },
  },
  // Hooks also live in .ts files (useX.ts). Not in .test.ts: vitest-style helpers there (`useRealProvider()`)
  // are not React hooks.
  {
    files: ["app/**/*.ts"],
    ignores: ["**/*.test.ts"],
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs["recommended-latest"].rules,
  },

  // Browser and server globals for the app (both run it); Node for everything else.
  { files: ["app/**"], languageOptions: { globals: { ...globals.browser, ...globals.node } } },
  {
    files: ["**/*.{js,mjs,cjs}", "provider/**", "server/**", "scripts/**", "bench/**", "tests/**", "*.config.ts"],
    languageOptions: { globals: globals.node },
  },

  // No import cycles in the app or the provider: a module's value imports form a tree (type-only imports are free:
  // they vanish at build time). docs/decisions/0401-no-import-cycles.md.
  {
    files: ["app/**/*.{ts,tsx}", "provider/**/*.ts"],
    // Packages are never parsed for it (a cycle cannot run through one; PGlite's bundle overflows the parser's stack).
    // The rules that read a package's exports are off for TypeScript above.
    settings: { "import/ignore": ["node_modules"] },
    rules: { "import/no-cycle": ["error", { ignoreExternal: true }] },
  },
  // The layers the cycle rule cannot see: the session stands below the features and the form kit (it keeps a cookie;
  // signing in is the account feature's), and the provider client stands below the session (a `logout` reply is its
  // typed SessionEndedError, which the request layer turns into the redirect). docs/decisions/0400.
  {
    files: ["app/session/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["~/features/*", "~/forms/*", "../features/*", "../forms/*"],
              message: "app/session/ stands below the features and the form kit (docs/decisions/0400).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["app/provider/**"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["~/session/*", "!~/session/review-key.server", "../session/*"],
              message:
                "The provider client never reads the session: report a typed failure (SessionEndedError) and let the request layer (app/utils/request.server.ts) answer it (docs/decisions/0400).",
            },
          ],
        },
      ],
    },
  },

  // Tests: `any` for JSON read back from responses; Playwright fixtures take `async ({}, testInfo)`; a vitest file's
  // imports may follow its `vi.hoisted`/`vi.mock` set-up (the module under test must load after the environment it
  // reads at import), which import/order cannot express.
  {
    files: ["**/*.test.{ts,tsx}", "provider/tests/**", "provider/testing.ts", "tests/**"],
    rules: {
      "@typescript-eslint/no-explicit-any": "off",
      "import/order": "off",
      "no-empty-pattern": ["error", { allowObjectPatternsAsParameters: true }],
    },
  },
  // Kysely's schema-agnostic types (migrations, the introspector, generic query helpers) are `Kysely<any>` and
  // `SelectQueryBuilder<any, any, {}>` in its own API.
  {
    files: ["provider/db/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off", "@typescript-eslint/no-empty-object-type": "off" },
  },

  // The provider's routes read a body or query with a schema built once, beside the routes, not inside a handler:
  // building a zod schema costs more than running it (docs/decisions/0326-provider-schemas-built-once.md).
  {
    files: ["provider/http/**"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          // Any call as the schema argument: `z.object(…)`, `z.object(…).strict()`, `keyedBody(…)`, `limitParam(…)`.
          selector: "CallExpression[callee.name=/^read(Body|Query)$/] > CallExpression.arguments",
          message:
            "Build the schema once, as a const beside the routes (a schema built per request costs more than its parse).",
        },
      ],
    },
  },

  // The one form path (docs/decisions/0420-one-form-path.md, docs/ARCHITECTURE.md#forms): a form's zod schema lives in
  // a `*.schema.ts` module (or `schema.ts` in a folder route), zod is imported only there (and by the kit's field
  // helpers, app/forms/), and a route module loads a schema only by `import()`. Type imports are free (erased).
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: [
      "**/*.test.{ts,tsx}",
      "**/*.schema.ts",
      "app/routes/**",
      "app/forms/**",
      // Not forms: a cookie's shape, read on every request (the toast, the balance's visibility).
      "app/session/toast.server.ts",
      "app/features/wallet/balance-visibility.server.ts",
    ],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [{ name: "zod", message: ZOD_MESSAGE, allowTypeImports: true }],
          patterns: [{ group: LEGACY_SCHEMA_MODULES, message: LEGACY_MESSAGE }],
        },
      ],
    },
  },
  {
    files: ["app/routes/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}", "**/*.schema.ts", "app/routes/*/schema.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [{ name: "zod", message: ZOD_MESSAGE, allowTypeImports: true }, CONFORM_ZOD_PATH],
          patterns: [
            {
              group: ["**/*.schema", "**/schema", "./schema", "../*/schema"],
              allowTypeImports: true,
              message:
                'A route loads its schema by import(): `await import("./x.schema")` in the action and loader, `schema: () => import("./x.schema").then(…)` in useZodForm.',
            },
            { group: LEGACY_SCHEMA_MODULES, message: LEGACY_MESSAGE },
          ],
        },
      ],
    },
  },

  // App tests reach the provider's test helpers only through the route-test fixture, app/testing/route-harness.ts,
  // which re-exports what they use (docs/decisions/0410-one-route-test-fixture.md). A rule of its own
  // (import/no-restricted-paths) so that it merges with any no-restricted-imports rule on the same files.
  {
    files: ["app/**"],
    ignores: ["app/testing/**"],
    rules: {
      "import/no-restricted-paths": [
        "error",
        {
          zones: [
            {
              target: "./app",
              from: "./provider/tests",
              message: "App tests import the provider's test helpers through ~/testing/route-harness only.",
            },
          ],
        },
      ],
    },
  },

  // Last: turn off every rule that Prettier's layout would fight.
  prettier,
);

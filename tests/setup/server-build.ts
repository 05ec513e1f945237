/**
 * Stand-in for the Remix compiler's virtual `@remix-run/dev/server-build` under vitest (aliased in
 * vitest.config.ts): no routes, so the root loader sends `common` only. A test that needs real route matching
 * mocks this module with the routes it wants (see app/i18n/routes.test.ts).
 */
import type { ServerBuild } from "@remix-run/server-runtime";

export const routes: ServerBuild["routes"] = {};

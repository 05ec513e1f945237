/** @type {import('@remix-run/dev').AppConfig} */
export default {
  // `*.schema.ts`: a form's schema beside its flat route is not a route (docs/decisions/0420-one-form-path.md).
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}", "**/*.schema.ts"],
  serverModuleFormat: "esm",
  serverDependenciesToBundle: [],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: false,
    v3_singleFetch: false,
  },
};

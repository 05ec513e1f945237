/**
 * The bare Remix app `npm run bench` measures beside the real one (issue 10): the same Remix (~2.17.5), React 18
 * and classic compiler, with the app's server module format and future flags (read from its config, so they stay
 * the same), and nothing else. It uses the repository's node_modules (no install of its own); bench/run.mjs builds
 * it with `remix build` in this folder.
 */
import app from "../../remix.config.js";

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*"],
  serverModuleFormat: app.serverModuleFormat,
  future: app.future,
};

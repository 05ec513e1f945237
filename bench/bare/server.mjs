#!/usr/bin/env node
// The bare app's server, shaped like the app's (server/app.mjs): Express, its static files under /build with the
// same caching, then Remix's createRequestHandler from @remix-run/express. No remix-serve, no fetch polyfill.
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

import { createRequestHandler } from "@remix-run/express";
import express from "express";

const here = path.dirname(fileURLToPath(import.meta.url));
const build = await import(pathToFileURL(path.join(here, "build", "index.js")).href);
const mode = process.env.NODE_ENV ?? "production";

const app = express();
app.disable("x-powered-by");
app.use(
  "/build",
  express.static(path.join(here, "public", "build"), { immutable: true, maxAge: "1y", index: false, redirect: false }),
);
app.all("*", createRequestHandler({ build, mode }));

const port = Number(process.env.PORT || 3100);
const server = app.listen(port, process.env.HOST, () =>
  console.log(`[bare] listening on http://localhost:${port} (${mode})`),
);
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
process.on("SIGTERM", () => server.close(() => process.exit(0)));
process.on("SIGINT", () => server.close(() => process.exit(0)));

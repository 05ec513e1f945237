// The Express app in front of the Remix build (docs/decisions/0090-custom-express-server.md), shaped after the
// Epic Stack's server/index.ts at c15d899. Plain JavaScript run by node: no TypeScript loader in production.
// Every app-specific rule it applies (origin, bodies, refusal pages, HSTS, operator pass-through) is compiled
// with the app and reached through the build: `build.entry.module.serverHooks` (app/http/security.server.ts).
//
// Order: log → nonce + security headers (every response) → client address → host/origin check (403)
//        → static files → /api/operator/* (embedded provider only) → form body rules (411/413/415) → Remix.
import crypto from "node:crypto";
import { readdirSync } from "node:fs";
import path from "node:path";

import remixExpress from "@remix-run/express/dist/server.js";
import { createRequestHandler } from "@remix-run/node";
import compression from "compression";
import express from "express";
import helmet from "helmet";

const OPERATOR_BODY_LIMIT = "64kb";
const HIGHCHARTS_PALETTE_HASHES = [
  "'sha256-vFNZMZihXtsmGSChLvz2Dvnl1aIe6QL05XKZXgo5+LM='",
  "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='",
];

/** The names directly under `dir` (none when it does not exist). */
function topLevelEntries(dir) {
  try {
    return new Set(readdirSync(dir));
  } catch {
    return new Set();
  }
}

// The adapter's own request and response helpers, unchanged: its index exports only createRequestHandler, and the
// server adds the offline-session cookie to every answer between the two (docs/decisions/0342). @remix-run/express is
// pinned to 2.17.x; a release that moves them fails every server test at start. Remix's own sendRemixResponse sends
// every answer (docs/DEVIATIONS.md: a whole-JSON sender of our own was taken out, decision 0430).
const { createRemixRequest, sendRemixResponse } = remixExpress;

/** Writes a (small) web Response: refusal pages and operator replies. */
async function sendResponse(res, response) {
  res.status(response.status);
  for (const [name, value] of response.headers) res.append(name, value);
  res.end(Buffer.from(await response.arrayBuffer()));
}

/**
 * @param {object} options
 * @param {() => import("@remix-run/node").ServerBuild} options.getBuild the current build (it changes in dev)
 * @param {string} [options.mode] NODE_ENV
 * @param {string} [options.publicDir] where public/ is (static files, public/build)
 * @param {boolean} [options.logRequests] one log line per request (LOG_REQUESTS=1)
 */
export function createApp({
  getBuild,
  mode = process.env.NODE_ENV ?? "production",
  publicDir = path.resolve("public"),
  logRequests = process.env.LOG_REQUESTS === "1",
}) {
  /** @returns {import("../app/http/security.server").ServerHooks} */
  const hooks = () => getBuild().entry.module.serverHooks;
  const app = express();
  app.disable("x-powered-by");
  // Nothing reads Express's `req.query` (Remix reads the URL itself): no `qs` parse of every request's query string
  // (~1 % of a live-quote poll's CPU, docs/performance.md#server-cost-and-customers).
  app.set("query parser", false);
  // TRUST_PROXY, parsed by the app (app/http/security.server.ts: the origin check reads it too).
  const trustProxy = hooks().trustProxySetting();
  app.set("trust proxy", trustProxy);

  if (logRequests) {
    app.use((req, res, next) => {
      const started = process.hrtime.bigint();
      res.on("finish", () => {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        console.log(`${req.method} ${req.originalUrl} ${res.statusCode} ${ms.toFixed(1)} ms`);
      });
      next();
    });
  }

  // Security headers on every response, static files and refusals included (docs/decisions/0091).
  const nonce = (_req, res) => `'nonce-${res.locals.cspNonce}'`;
  const hsts = hooks().hstsEnabled();
  app.use((_req, res, next) => {
    res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
    next();
  });
  const headersFor = (secureRequest) =>
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          "default-src": ["'self'"],
          // Remix's inline scripts and the root's carry the nonce; modules come from /build.
          "script-src": ["'self'", nonce],
          "script-src-attr": ["'none'"],
          // <style> elements need the nonce, except the palette Highcharts (13.x, default palette) injects:
          // allowed by its hash (and the empty element it starts as). A Highcharts upgrade that changes it shows
          // up in tests/e2e/csp.spec.ts with the new hash in the violation message.
          "style-src": ["'self'", nonce, ...HIGHCHARTS_PALETTE_HASHES],
          "style-src-attr": ["'none'"],
          "img-src": ["'self'", "data:"],
          "font-src": ["'self'"],
          // The service worker (/sw.js) and the web app manifest, both from this origin (docs/decisions/0245).
          "worker-src": ["'self'"],
          "manifest-src": ["'self'"],
          "connect-src": mode === "development" ? ["'self'", "ws:"] : ["'self'"],
          "object-src": ["'none'"],
          "base-uri": ["'none'"],
          "form-action": ["'self'"],
          "frame-ancestors": ["'none'"],
          // Only over https: on a plain-http origin it would send every asset request to https.
          ...(hsts && secureRequest ? { "upgrade-insecure-requests": [] } : {}),
        },
      },
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: "same-origin" },
      strictTransportSecurity: hsts ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true } : false,
      xFrameOptions: { action: "deny" },
    });
  const httpsHeaders = headersFor(true);
  const httpHeaders = headersFor(false);
  app.use((req, res, next) => (req.secure ? httpsHeaders : httpHeaders)(req, res, next));

  // The customer's address for the provider (its login limiter): the socket's, or X-Forwarded-For's when
  // TRUST_PROXY says which proxies to believe. Whatever the client sent under that name is dropped. Through a proxy
  // TRUST_PROXY does not name, the socket's address is the proxy's, the same for every customer: none is sent, and the
  // provider then counts sign-ins per phone (app/http/proxy.server.ts, docs/decisions/0351).
  app.use((req, _res, next) => {
    delete req.headers["x-client-ip"];
    const ip = hooks().customerAddress({ ip: req.ip, header: (name) => req.get(name) });
    if (ip) req.headers["x-client-ip"] = ip;
    next();
  });

  const incoming = (req) => ({
    method: req.method,
    path: req.path,
    search: req.originalUrl.includes("?") ? req.originalUrl.slice(req.originalUrl.indexOf("?")) : "",
    protocol: req.protocol,
    header: (name) => req.get(name),
  });
  const refuse = async (req, res, refusal) => {
    console.warn(
      `[security] refused ${req.method} ${req.originalUrl} (${refusal.status} ${refusal.kind}: ${refusal.reason})`,
    );
    await sendResponse(res, await hooks().refusalResponse(refusal, incoming(req)));
  };

  // Host and origin, before anything can change state (docs/decisions/0022-origin-check.md).
  app.use((req, res, next) => {
    const refusal = hooks().requestRefusal(incoming(req));
    if (!refusal) {
      // Remix repeats a narrower check (Origin host = Host) on document POSTs and answers 500 when it fails;
      // ours has passed (it also knows X-Forwarded-Host and ALLOWED_ORIGINS), so Remix's must not run.
      delete req.headers.origin;
      return next();
    }
    refuse(req, res, refusal).catch(next);
  });

  // Compressed answers (brotli, else gzip, as the browser accepts; small replies under 1 KB are sent as they are):
  // a document is ~30-60 KB raw and ~10 KB compressed, the JS of a page ~350 KB raw and ~100 KB compressed, and
  // on a slow phone network the bytes are the time. remix-serve did this; a proxy in front may do it instead
  // (COMPRESSION=off). Decision 0158.
  if (process.env.COMPRESSION !== "off") app.use(compression());

  // Remix fingerprints its assets: cache them for a year. Everything else in public/ for an hour.
  app.use(
    "/build",
    express.static(path.join(publicDir, "build"), { immutable: true, maxAge: "1y", index: false, redirect: false }),
  );
  // Only a path under one of public/'s entries reaches the file system: without this every page request cost a
  // stat() of public/<path> (~2.5 % of the server's time under load; decision 0155). Read once, except in dev.
  const publicFiles = express.static(publicDir, { maxAge: "1h", index: false, redirect: false });
  const publicEntries = mode === "development" ? null : topLevelEntries(publicDir);
  app.use((req, res, next) =>
    publicEntries && !publicEntries.has(req.path.split("/")[1] ?? "") ? next() : publicFiles(req, res, next),
  );
  app.all("/build/*", (_req, res) => res.status(404).type("text/plain").send("Not found"));

  // The embedded provider's key-guarded operator endpoints, so `npm run operator` works against `npm start`.
  // Only /api/operator/*; the rest of /api never reaches the provider from outside.
  const operatorBody = express.raw({ type: () => true, limit: OPERATOR_BODY_LIMIT });
  app.use("/api/operator", (req, res, next) => {
    if (!hooks().isProviderEmbedded()) return next();
    operatorBody(req, res, (error) => (error ? next(error) : operator(req, res).catch(next)));
  });
  async function operator(req, res) {
    const target = new URL(`/api/operator${req.url}`, "http://provider.internal");
    if (target.pathname !== "/api/operator" && !target.pathname.startsWith("/api/operator/")) {
      res.status(404).json({ msg: "no", data: { code: "not_found" } });
      return;
    }
    const headers = new Headers();
    for (const name of ["x-operator-key", "content-type", "accept", "x-client-ip"]) {
      const value = req.get(name);
      if (value) headers.set(name, value);
    }
    const hasBody = !["GET", "HEAD"].includes(req.method) && Buffer.isBuffer(req.body) && req.body.length > 0;
    let response;
    try {
      response = await hooks().providerFetch(`${target.pathname.slice("/api".length)}${target.search}`, {
        method: req.method,
        headers,
        ...(hasBody ? { body: req.body } : {}),
      });
    } catch (error) {
      console.warn(`[operator] ${req.method} ${req.originalUrl}: provider unavailable (${error?.name ?? error})`);
      res.status(503).json({ msg: "no", data: { code: "provider_unavailable" } });
      return;
    }
    await sendResponse(res, response);
  }

  // Every action takes an HTML form: small urlencoded/multipart bodies only (docs/decisions/0090).
  app.use((req, res, next) => {
    const refusal = hooks().formBodyRefusal(incoming(req));
    if (!refusal) return next();
    refuse(req, res, refusal).catch(next);
  });

  // One Remix handler per build (a new one only when dev rebuilds). The request is made, the handler called and the
  // answer sent as @remix-run/express does.
  let handleRequest;
  let handlerBuild;
  app.all("*", async (req, res, next) => {
    const build = getBuild();
    if (build !== handlerBuild) {
      handlerBuild = build;
      handleRequest = createRequestHandler(build, mode);
    }
    try {
      const response = await handleRequest(createRemixRequest(req, res), { cspNonce: res.locals.cspNonce });
      const hooks = build.entry.module.serverHooks;
      // The cookie that names the session for the service worker follows the session cookie on every answer,
      // documents, data, redirects and resource routes alike (docs/decisions/0342).
      const offlineSession = await hooks.offlineSessionCookie(
        req.get("cookie") ?? null,
        response.headers.getSetCookie(),
      );
      if (offlineSession) res.append("Set-Cookie", offlineSession);
      await sendRemixResponse(res, response);
    } catch (error) {
      next(error);
    }
  });

  // Errors: one log entry with the stack for the server's log, a plain page for the client.
  // Express knows an error handler by its four parameters, so `_next` stays though unused.
  app.use((error, req, res, _next) => {
    const status = Number(error?.status ?? error?.statusCode);
    if (status >= 400 && status < 500) {
      console.warn(`[server] ${req.method} ${req.originalUrl}: ${status} ${error?.type ?? error?.message ?? ""}`);
      if (!res.headersSent) res.status(status).set("Connection", "close").type("text/plain").send(`${status}`);
      return;
    }
    console.error(`[server] ${req.method} ${req.originalUrl} failed:`, error);
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res.status(500).type("text/plain").send("Internal Server Error");
  });

  return app;
}

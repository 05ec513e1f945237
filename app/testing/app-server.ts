/**
 * The real Express server (server/app.mjs) in the test process, serving a Remix build made from the SOURCE route
 * modules (remix.config.js's route manifest via @remix-run/dev's `readConfig`), so HTTP-level tests need no
 * `remix build` and always see the current routes. Requests go over a real socket (node:http), which lets a test
 * send any Host, Origin or body.
 */
import { request as httpRequest, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

import type { ServerBuild, ServerEntryModule } from "@remix-run/node";
import { afterAll, beforeAll } from "vitest";

import { sendProviderCallsTo } from "~/testing/provider-double";

import { createTestProvider, type TestProvider } from "../../provider/testing";
// Plain JavaScript (the production server); allowJs gives it inferred types.
import { createApp } from "../../server/app.mjs";

const root = path.resolve(__dirname, "../..");

export interface ActionRoute {
  id: string;
  /** A URL that reaches the route (params filled with sample values). */
  url: string;
}

interface ConfigRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  file: string;
}

const SAMPLE_PARAMS: Record<string, string> = {
  symbol: "AAPL",
  code: "AAPL",
  market: "US",
  name: "Apple",
  type: "stock",
  id: "1",
};

/** A concrete URL for a route: its parents' paths joined, params filled in, optional segments dropped. */
function urlFor(route: ConfigRoute, all: Record<string, ConfigRoute>): string {
  const segments: string[] = [];
  for (
    let current: ConfigRoute | undefined = route;
    current;
    current = current.parentId ? all[current.parentId] : undefined
  ) {
    if (current.path) segments.unshift(current.path);
  }
  const filled = segments
    .join("/")
    .split("/")
    .filter((segment) => segment && !segment.endsWith("?"))
    .map((segment) =>
      segment === "*" ? "x" : segment.startsWith(":") ? (SAMPLE_PARAMS[segment.slice(1)] ?? "x") : segment,
    );
  return `/${filled.join("/")}${route.index ? "?index" : ""}`;
}

export interface SourceBuild {
  build: ServerBuild;
  /** Every route module that exports an `action`, with a URL to post to. */
  actionRoutes: ActionRoute[];
}

let cached: Promise<SourceBuild> | undefined;

/** The app's routes as Remix's compiler would bundle them, imported from source by vitest. */
export function sourceBuild(): Promise<SourceBuild> {
  cached ??= (async () => {
    const { readConfig } = (await import("@remix-run/dev/dist/config.js")) as unknown as {
      readConfig(
        root: string,
      ): Promise<{ appDirectory: string; routes: Record<string, ConfigRoute>; future: Record<string, unknown> }>;
    };
    const config = await readConfig(root);
    const routes: ServerBuild["routes"] = {};
    const assetRoutes: ServerBuild["assets"]["routes"] = {};
    const actionRoutes: ActionRoute[] = [];
    for (const route of Object.values(config.routes)) {
      const module = await import(/* @vite-ignore */ path.join(config.appDirectory, route.file));
      const shape = {
        id: route.id,
        parentId: route.parentId,
        path: route.path,
        index: route.index,
        caseSensitive: route.caseSensitive,
      };
      routes[route.id] = { ...shape, module };
      assetRoutes[route.id] = {
        ...shape,
        module: `/build/${route.id}.js`,
        imports: [],
        hasAction: typeof module.action === "function",
        hasLoader: typeof module.loader === "function",
        hasClientAction: false,
        hasClientLoader: false,
        hasErrorBoundary: typeof module.ErrorBoundary === "function",
      };
      if (typeof module.action === "function") actionRoutes.push({ id: route.id, url: urlFor(route, config.routes) });
    }
    const entry = (await import("~/entry.server")) as unknown as ServerEntryModule;
    const build: ServerBuild = {
      mode: "production",
      entry: { module: entry },
      routes,
      assets: {
        entry: { module: "/build/entry.client.js", imports: [] },
        routes: assetRoutes,
        url: "/build/manifest-test.js",
        version: "test",
      },
      publicPath: "/build/",
      assetsBuildDirectory: "public/build",
      future: config.future as unknown as ServerBuild["future"],
      isSpaMode: false,
    };
    return { build, actionRoutes };
  })();
  return cached;
}

export interface RunningServer {
  origin: string;
  port: number;
  host: string;
  close(): Promise<void>;
}

/** The production Express app around the source build, listening on 127.0.0.1 (random port). */
export async function startAppServer(
  options: { logRequests?: boolean; publicDir?: string } = {},
): Promise<RunningServer> {
  const { build } = await sourceBuild();
  const app = createApp({
    getBuild: () => build,
    mode: "production",
    publicDir: options.publicDir ?? path.join(root, "public"),
    logRequests: options.logRequests ?? false,
  });
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
  });
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    host: `localhost:${port}`,
    origin: `http://localhost:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The production server (`startAppServer`) in front of a real test provider, for the file or `describe` it is called
 * in: both made in beforeAll, closed in afterAll. The object returned stands for the running server from the first
 * test on (pass it to `send`); `provider` is the provider behind it.
 */
export function useAppServer(options: Parameters<typeof startAppServer>[0] = {}) {
  let started: RunningServer | undefined;
  let provider: TestProvider | undefined;
  let uninstall: (() => void) | undefined;
  beforeAll(async () => {
    provider = await createTestProvider();
    uninstall = sendProviderCallsTo((request) => provider!.fetch(request));
    started = await startAppServer(options);
  }, 120_000);
  afterAll(async () => {
    await started?.close();
    uninstall?.();
    await provider?.close();
  });
  const running = () => {
    if (!started) throw new Error("the app server is used before beforeAll started it");
    return started;
  };
  return {
    get origin() {
      return running().origin;
    },
    get port() {
      return running().port;
    },
    get host() {
      return running().host;
    },
    close: () => running().close(),
    get provider() {
      if (!provider) throw new Error("the test provider is used before beforeAll made it");
      return provider;
    },
  };
}

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * One HTTP request with exactly the given headers (Host included, default `localhost:<port>`) and body.
 * `Content-Length` is set from the body unless the headers give one or `chunked` is asked for.
 */
export function send(
  server: RunningServer,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: string | Buffer; chunked?: boolean } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { host: server.host, ...lowerCase(options.headers ?? {}) };
    const body =
      options.body === undefined ? undefined : Buffer.isBuffer(options.body) ? options.body : Buffer.from(options.body);
    if (body && !options.chunked && headers["content-length"] === undefined)
      headers["content-length"] = String(body.length);
    const req = httpRequest({ host: "127.0.0.1", port: server.port, method, path, headers, setHost: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }),
      );
      res.on("error", reject);
    });
    // A server that answers early (413) may close before the whole body is sent: the answer still counts.
    req.on("error", reject);
    if (body) {
      if (options.chunked) {
        req.write(body);
        req.end();
      } else req.end(body);
    } else req.end();
  });
}

function lowerCase(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}

/** Signs in through the app's login form (same origin) and returns the session cookie. */
export async function logIn(server: RunningServer, phone: string, password: string): Promise<string> {
  const response = await send(server, "POST", "/login", {
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: server.origin,
      "sec-fetch-site": "same-origin",
    },
    body: new URLSearchParams({ phone, password, redirectTo: "/" }).toString(),
  });
  if (response.status !== 302) throw new Error(`login failed: ${response.status} ${response.body.slice(0, 300)}`);
  return cookiesOf(response);
}

/**
 * The provider's state as a string: every table's row count (but `ignore`) and every balance. Any write the
 * provider makes changes it; compare before and after.
 */
export async function providerState(provider: TestProvider, ignore: readonly string[] = []): Promise<string> {
  const tables = (await provider.db
    .selectFrom("information_schema.tables" as never)
    .select("table_name" as never)
    .where("table_schema" as never, "=", "public" as never)
    .execute()) as { table_name: string }[];
  const counts: Record<string, number> = {};
  for (const { table_name } of tables.filter((table) => !ignore.includes(table.table_name))) {
    const row = await provider.db
      .selectFrom(table_name as never)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirst();
    counts[table_name] = Number((row as { n: number } | undefined)?.n ?? 0);
  }
  const money = await provider.db.selectFrom("users").select(["id", "money", "loan"]).orderBy("id").execute();
  return JSON.stringify({ counts, money });
}

/** The `name=value` pairs of a response's Set-Cookie headers, as a Cookie header. */
export function cookiesOf(response: RawResponse, previous = ""): string {
  const jar = new Map(
    previous
      .split(/;\s*/)
      .filter(Boolean)
      .map((pair) => [pair.split("=")[0], pair.slice(pair.indexOf("=") + 1)]),
  );
  for (const line of response.headers["set-cookie"] ?? []) {
    const pair = line.split(";")[0];
    const name = pair.split("=")[0];
    const value = pair.slice(name.length + 1);
    if (value === "" || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) jar.delete(name);
    else jar.set(name, value);
  }
  return Array.from(jar, ([name, value]) => `${name}=${value}`).join("; ");
}

import { AsyncLocalStorage } from "node:async_hooks";

import type { MiddlewareHandler } from "hono";
import type { KyselyPlugin } from "kysely";

/*
 * Opt-in request statistics (PROVIDER_STATS=1): requests, database queries and reply bytes per endpoint, printed
 * when the provider closes. A profiling aid (docs/decisions/0148-request-path-profile.md), off by default: the
 * hot path then carries no AsyncLocalStorage and no plugin.
 */

interface EndpointStats {
  requests: number;
  queries: number;
  bytes: number;
}

export interface RequestStats {
  middleware: MiddlewareHandler;
  /** Counts every query the database runs inside a request (transactions included; a failed one is not counted). */
  plugin: KyselyPlugin;
  report(): string;
}

/** Numeric path segments become `:n` so `/order/12` and `/order/13` share a line. */
const endpointOf = (method: string, path: string) => `${method} ${path.replace(/\/\d+(?=\/|$)/g, "/:n")}`;

export function createRequestStats(): RequestStats {
  const current = new AsyncLocalStorage<EndpointStats>();
  const byEndpoint = new Map<string, EndpointStats>();
  let outside = 0;

  const middleware: MiddlewareHandler = async (c, next) => {
    const key = endpointOf(c.req.method, c.req.path);
    let stats = byEndpoint.get(key);
    if (!stats) byEndpoint.set(key, (stats = { requests: 0, queries: 0, bytes: 0 }));
    stats.requests++;
    await current.run(stats, next);
    const length = c.res.headers.get("content-length");
    if (length !== null) stats.bytes += Number(length);
    else if (c.res.body) stats.bytes += (await c.res.clone().arrayBuffer()).byteLength;
  };

  // Counted per result: Kysely also calls transformQuery for every subquery built from the same database.
  const plugin: KyselyPlugin = {
    transformQuery: (args) => args.node,
    async transformResult(args) {
      const stats = current.getStore();
      if (stats) stats.queries++;
      else outside++;
      return args.result;
    },
  };

  function report(): string {
    const lines = [...byEndpoint]
      .sort((a, b) => b[1].requests - a[1].requests)
      .map(
        ([key, s]) =>
          `${String(s.requests).padStart(7)} req ${(s.queries / s.requests).toFixed(2).padStart(6)} queries/req ` +
          `${Math.round(s.bytes / s.requests)
            .toString()
            .padStart(7)} B/reply  ${key}`,
      );
    return [`[provider] request stats (queries outside requests: ${outside})`, ...lines].join("\n");
  }

  return { middleware, plugin, report };
}

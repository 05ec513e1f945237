import { extendZodWithOpenApi, OpenAPIRegistry, OpenApiGeneratorV31 } from "@asteasolutions/zod-to-openapi";
import { Hono } from "hono";
import { z } from "zod";

import { accountContract } from "./accounts";
import { alertContract } from "./alerts";
import { chatContract } from "./chat";
import type { Env } from "./context";
import type { RouteContract } from "./contract";
import { healthContract } from "./health";
import { marketContract } from "./market";
import { newsContract } from "./news";
import { operatorContract } from "./operator";
import { productContract } from "./products";
import { settingsContract } from "./settings";
import { tradingContract } from "./trading";
import { twoFactorContract } from "./two-factor";
import { uploadContract } from "./uploads";
import { walletContract } from "./wallet";
import { watchlistContract } from "./watchlist";

/*
 * The provider's whole contract as an OpenAPI 3.1 document, generated from the zod schemas its routes read their input
 * with (each route module's `…Contract` list, http/contract.ts) by @asteasolutions/zod-to-openapi, and served at
 * GET /api/openapi.json (docs/decisions/0364-openapi-from-the-route-schemas.md). Replies are described by the
 * envelope; what `data` holds is in the section of docs/provider-api.md each operation names.
 */

// The library reads its metadata through a method it adds to zod's schemas (once, for every schema made before too).
extendZodWithOpenApi(z);

const openapiContract: RouteContract[] = [
  {
    method: "get",
    path: "/openapi.json",
    summary: "This document",
    auth: "none",
    section: "Envelope",
  },
];

/** Every route of the provider with its schemas. */
export const CONTRACT: RouteContract[] = [
  ...healthContract,
  ...accountContract,
  ...walletContract,
  ...settingsContract,
  ...uploadContract,
  ...marketContract,
  ...newsContract,
  ...watchlistContract,
  ...tradingContract,
  ...alertContract,
  ...productContract,
  ...chatContract,
  ...twoFactorContract,
  ...operatorContract,
  ...openapiContract,
];

/** `/loans/:id` → `/loans/{id}`. */
export const openApiPath = (honoPath: string) => honoPath.replace(/:(\w+)/g, "{$1}");

const SECURITY: Record<RouteContract["auth"], Array<Record<string, string[]>>> = {
  customer: [{ token: [] }, { bearer: [] }],
  operator: [{ operatorKey: [] }],
  none: [],
};

export function buildOpenApiDocument() {
  const registry = new OpenAPIRegistry();
  registry.registerComponent("securitySchemes", "token", { type: "apiKey", in: "header", name: "token" });
  registry.registerComponent("securitySchemes", "bearer", { type: "http", scheme: "bearer" });
  registry.registerComponent("securitySchemes", "operatorKey", {
    type: "apiKey",
    in: "header",
    name: "x-operator-key",
  });
  const refusal = registry.register(
    "Refusal",
    z
      .object({
        msg: z.literal("no"),
        data: z.object({
          code: z.string().describe("a stable key the app translates (docs/provider-api.md, Codes)"),
          message: z.string().optional().describe("English text for logs and fallbacks"),
          field: z.string().optional().describe("the input at fault"),
        }),
      })
      .describe("A business refusal (HTTP 200), invalid input included"),
  );
  const reply = registry.register(
    "Reply",
    z.union([z.object({ msg: z.literal("ok"), data: z.unknown() }), refusal]).describe("The envelope"),
  );
  const logout = registry.register("Logout", z.object({ msg: z.literal("logout") }).describe("The session has ended"));

  for (const route of CONTRACT) {
    const json = (schema: z.ZodTypeAny) => ({ content: { "application/json": { schema } } });
    registry.registerPath({
      method: route.method,
      path: openApiPath(route.path),
      summary: route.summary,
      description: `Reply \`data\`: docs/provider-api.md, "${route.section}".`,
      security: SECURITY[route.auth],
      request: {
        ...(route.params ? { params: route.params } : {}),
        ...(route.query ? { query: route.query as z.AnyZodObject } : {}),
        ...(route.body ? { body: json(route.body) } : {}),
        ...(route.multipart ? { body: { content: { "multipart/form-data": { schema: route.multipart } } } } : {}),
      },
      responses: {
        200: {
          description: '`{ msg: "ok", data }`, or a refusal `{ msg: "no", data: { code, message?, field? } }`',
          ...json(reply),
        },
        ...(route.auth === "customer"
          ? { 400: { description: "The token is missing, expired or revoked", ...json(logout) } }
          : {}),
        ...(route.auth === "operator"
          ? { 403: { description: "No operator key, or a wrong one", ...json(refusal) } }
          : {}),
        404: { description: "Unknown path or method", ...json(refusal) },
        413: { description: "A body over its limit", ...json(refusal) },
        500: { description: "An unexpected fault (details only in the provider's log)", ...json(refusal) },
      },
    });
  }
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: {
      title: "TradeApp provider API",
      version: "1",
      description:
        "The contract between the app and any provider: docs/provider-api.md. Request schemas are the provider's own; " +
        "every reply is the envelope, its `data` as the named section describes.",
    },
    servers: [{ url: "/api" }],
  });
}

/** GET /api/openapi.json: the document, built on the first request and kept. */
export function openApiRoutes() {
  const app = new Hono<Env>();
  let document: string | undefined;
  app.get("/openapi.json", (c) => {
    document ??= JSON.stringify(buildOpenApiDocument());
    return c.body(document, 200, { "content-type": "application/json; charset=utf-8" });
  });
  return app;
}

import { describe, expect, it } from "vitest";

import { useInProcessProvider } from "./helpers";
import { openApiPath } from "../http/openapi";

/*
 * The OpenAPI document the provider serves (docs/decisions/0364): every route of the app is in it with the schema it
 * reads, and nothing else is. A route added without its entry in its module's `…Contract` list fails here.
 */
const p = useInProcessProvider();

describe("GET /api/openapi.json", () => {
  it("is an OpenAPI 3.1 document with every route of the provider, and only those", async () => {
    const res = await p.fetch("/api/openapi.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    const doc = (await res.json()) as any;
    expect(doc).toMatchObject({
      openapi: "3.1.0",
      servers: [{ url: "/api" }],
      info: { title: "TradeApp provider API" },
    });

    const routes = new Set(
      p.app.routes
        .filter((r) => r.method === "GET" || r.method === "POST")
        .map((r) => `${r.method.toLowerCase()} ${openApiPath(r.path.replace(/^\/api/, ""))}`),
    );
    const documented = new Set(
      Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, ops]) =>
        Object.keys(ops).map((method) => `${method} ${path}`),
      ),
    );
    expect([...routes].filter((r) => !documented.has(r)).sort()).toEqual([]);
    expect([...documented].filter((r) => !routes.has(r)).sort()).toEqual([]);
    expect(routes.size).toBeGreaterThan(100);
  });

  it("describes each route's input with the schema the route reads it with", async () => {
    const doc = (await (await p.fetch("/api/openapi.json")).json()) as any;
    const order = doc.paths["/stock/success/deal/order"].post;
    expect(order.security).toEqual([{ token: [] }, { bearer: [] }]);
    const body = order.requestBody.content["application/json"].schema;
    expect(body.required).toEqual(["tag", "count", "state", "mold", "idempotency_key"]);
    expect(body.properties.order_type).toEqual({ type: "string", enum: ["market", "limit", "stop", "stop_limit"] });
    expect(body.properties.limit_price).toMatchObject({ type: "string", pattern: "^\\d{1,12}(\\.\\d{1,6})?$" });
    expect(body.properties.validity).toEqual({ type: "string", enum: ["day", "gtc"] });

    const records = doc.paths["/stock/success/v2/transaction"].get.parameters.map((q: any) => q.name);
    expect(records).toEqual(["type", "tag", "page", "limit", "alerts"]);
    expect(doc.paths["/operator/{kind}/{id}/approve"].post.security).toEqual([{ operatorKey: [] }]);
    expect(doc.paths["/operator/{kind}/{id}/approve"].post.parameters.map((q: any) => [q.name, q.in])).toEqual([
      ["kind", "path"],
      ["id", "path"],
    ]);
    expect(doc.paths["/stock/success/alert/add"].post.requestBody.content["application/json"].schema.required).toEqual([
      "tag",
      "condition",
    ]);
    expect(Object.keys(doc.paths["/stock/success/upload"].post.requestBody.content)).toEqual(["multipart/form-data"]);
    // A customer setting's operation comes from its registry entry (docs/decisions/0500): its rule and examples.
    const limit = doc.paths["/stock/success/user/settings/withdraw_limit"].post;
    expect(limit.summary).toBe(
      "The customer's own daily withdrawal limit: a whole amount of at least 1 (stored as money)",
    );
    expect(limit.requestBody.content["application/json"].schema.description).toBe(
      'null or "" removes it; "500" is stored as "500.00"; 2000 is stored as "2000.00"; "12.50" is invalid_input; "0" is amount_too_small; true is invalid_input (field `value`)',
    );
    expect(doc.components.schemas.Refusal.properties.msg).toEqual({ type: "string", enum: ["no"] });
  });
});

import type { z } from "zod";

/*
 * What each route module says about its routes for the OpenAPI document (http/openapi.ts, served at GET
 * /api/openapi.json; docs/decisions/0364-openapi-from-the-route-schemas.md): method, path and the very schemas the
 * route reads its input with. provider/tests/openapi.test.ts fails when a route of the app has no entry here.
 */
export interface RouteContract {
  method: "get" | "post";
  /** Under /api, in Hono's form (`/stock/success/loans/:id`). */
  path: string;
  summary: string;
  /** Who may call it: a customer's token, the operator key, or anyone. */
  auth: "customer" | "operator" | "none";
  /** The section of docs/provider-api.md that describes its reply. */
  section: string;
  /** The JSON body schema (`readBody`), the query schema (`readQuery`). */
  body?: z.ZodTypeAny;
  query?: z.ZodTypeAny;
  /** A multipart body instead of JSON (uploads): its fields. */
  multipart?: z.ZodTypeAny;
  /** What a path parameter is, for each `:name` of the path. */
  params?: z.AnyZodObject;
}

type RouteSchemas = Pick<RouteContract, "body" | "query" | "params">;

/**
 * The entries of one section of docs/provider-api.md: `sectionRoutes("Wallet")("get", path, summary, { query })`, each
 * called with `auth` unless the entry names its own.
 */
export const sectionRoutes =
  (section: string, auth: RouteContract["auth"] = "customer") =>
  (
    method: RouteContract["method"],
    path: string,
    summary: string,
    schemas: RouteSchemas = {},
    routeAuth: RouteContract["auth"] = auth,
  ): RouteContract => ({ method, path, summary, auth: routeAuth, section, ...schemas });

const operatorEntry = sectionRoutes(
  "Operator (header `x-operator-key: <OPERATOR_KEY>`; HTTP 403 code `forbidden` without it)",
  "operator",
);

/** An operator route's entry: its path under /operator. */
export const operatorRoute = (method: RouteContract["method"], path: string, summary: string, schemas?: RouteSchemas) =>
  operatorEntry(method, `/operator${path}`, summary, schemas);

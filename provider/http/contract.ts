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

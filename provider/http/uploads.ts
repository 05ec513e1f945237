import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";

import { requireAuth } from "./auth";
import { clientAddress, ok, type Env, type Services } from "./context";
import { isOperator, type OperatorAuditLog } from "./operator";
import { invalidInput, ProviderError } from "../errors";
import { keyFingerprint } from "../operator-key";
import type { RouteContract } from "./contract";
import { MAX_UPLOAD_BODY_BYTES, MAX_UPLOAD_BYTES } from "../services/uploads";

/** The one route allowed a body over the API's 64 KB limit (app.ts skips its limit for it). */
export const UPLOAD_PATH = "/api/stock/success/upload";

/** POST /stock/success/upload (multipart field `file`) and GET /stock/success/upload/:id. */
export function uploadRoutes(s: Services, audit: OperatorAuditLog = console.log) {
  const app = new Hono<Env>();
  const auth = requireAuth(s);

  app.post(
    "/stock/success/upload",
    bodyLimit({
      maxSize: MAX_UPLOAD_BODY_BYTES,
      onError: (c) =>
        c.json(
          { msg: "no", data: { code: "file_too_large", message: `at most ${MAX_UPLOAD_BYTES} bytes`, field: "file" } },
          413,
        ),
    }),
    auth,
    async (c) => {
      if (!(c.req.header("content-type") ?? "").toLowerCase().startsWith("multipart/form-data")) {
        throw invalidInput("file", "send multipart/form-data with a field named file");
      }
      let form: FormData;
      try {
        form = await c.req.formData();
      } catch {
        throw invalidInput("file", "malformed multipart body");
      }
      const file = form.get("file");
      if (!file || typeof file === "string") throw invalidInput("file", "a file field named file is required");
      if (file.size > MAX_UPLOAD_BYTES)
        throw new ProviderError("file_too_large", `at most ${MAX_UPLOAD_BYTES} bytes`, "file");
      const bytes = new Uint8Array(await file.arrayBuffer());
      return ok(c, await s.uploads.store(c.get("auth").user.id, { bytes }));
    },
  );

  /**
   * The owner (token) or the operator (x-operator-key) gets the bytes; anyone else `not_found`. An operator reading a
   * customer's ID photo leaves an audit line like the operator API's (docs/decisions/0180-operator-key.md).
   */
  app.get("/stock/success/upload/:id", async (c) => {
    if (isOperator(c.req.header("x-operator-key"), s.operatorKey)) {
      const id = c.req
        .param("id")
        .replace(/[^\x21-\x7e]/g, "?")
        .slice(0, 40);
      try {
        const file = await s.uploads.read(c.req.param("id"), "operator");
        audit(
          `[operator] GET upload by operator key ${keyFingerprint(s.operatorKey!)} from ${clientAddress(c)}: ok (upload ${id})`,
        );
        return serve(file);
      } catch (error) {
        const code = error instanceof ProviderError ? error.code : "server_error";
        audit(
          `[operator] GET upload by operator key ${keyFingerprint(s.operatorKey!)} from ${clientAddress(c)}: ${code} (upload ${id})`,
        );
        throw error;
      }
    }
    await auth(c, async () => {}); // sets c.get("auth") or throws the logout reply
    return serve(await s.uploads.read(c.req.param("id"), c.get("auth").user.id));
  });

  function serve(file: { mime: string; bytes: Uint8Array }) {
    return new Response(file.bytes as Uint8Array<ArrayBuffer>, {
      status: 200,
      headers: {
        "content-type": file.mime,
        "content-length": String(file.bytes.byteLength),
        "cache-control": "private, max-age=86400, immutable",
        "x-content-type-options": "nosniff",
        "content-disposition": "inline",
        "content-security-policy": "default-src 'none'",
      },
    });
  }

  return app;
}

/** This module's routes and the schemas they read, for the OpenAPI document (http/openapi.ts). */
export const uploadContract: RouteContract[] = [
  {
    method: "post",
    path: "/stock/success/upload",
    summary: "Upload an image (multipart field `file`, at most 5 MB)",
    auth: "customer",
    section: "Wallet",
    multipart: z.object({ file: z.string().describe("the image file (JPEG, PNG, WebP or GIF)") }),
  },
  {
    method: "get",
    path: "/stock/success/upload/:id",
    summary: "An uploaded image (its owner's token, or the operator key)",
    auth: "customer",
    section: "Wallet",
    params: z.object({ id: z.string() }),
  },
];

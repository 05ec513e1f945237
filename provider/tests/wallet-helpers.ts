import sharp from "sharp";
import type { TestProvider } from "../testing";
import { OPERATOR } from "./trading-helpers";

/** Operator calls: approve/reject/repay and the pending list. */
export function operator(p: TestProvider) {
  const post = (path: string, body: unknown = {}) => p.call(`/api/operator${path}`, { headers: OPERATOR, body });
  return {
    approve: (kind: string, id: number) => post(`/${kind}/${id}/approve`),
    reject: (kind: string, id: number, reason?: string) => post(`/${kind}/${id}/reject`, reason ? { reason } : {}),
    repay: (id: number) => post(`/loan/${id}/repay`),
    config: (tag: string, value: string) => post("/config", { tag, value }),
    pending: async () => (await p.call("/api/operator/pending", { headers: OPERATOR })).body.data,
  };
}

/** Customer calls with a token. */
export function customer(p: TestProvider, token: string) {
  return {
    get: (path: string) => p.call(`/api/stock/success${path}`, { token }),
    post: (path: string, body: unknown) => p.call(`/api/stock/success${path}`, { token, body }),
  };
}

/** A real PNG made by sharp, carrying an EXIF block with a recognisable text. */
export const EXIF_SECRET = "secret-location-51.5074N";
export async function pngWithExif(width = 40, height = 20) {
  return sharp({ create: { width, height, channels: 3, background: "#3366cc" } })
    .png()
    .withExif({ IFD0: { Copyright: EXIF_SECRET, Artist: "Test Customer" } })
    .toBuffer();
}

/** POST /upload with a multipart body (field `file`). */
export async function upload(p: TestProvider, token: string | undefined, bytes: Uint8Array, name = "photo.png", type = "image/png") {
  const form = new FormData();
  form.append("file", new Blob([bytes as Uint8Array<ArrayBuffer>], { type }), name);
  const res = await p.fetch("/api/stock/success/upload", { method: "POST", body: form, headers: token ? { token } : {} });
  return { status: res.status, body: (await res.json()) as any };
}

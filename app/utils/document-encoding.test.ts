import { brotliDecompressSync, gunzipSync } from "node:zlib";

import { afterEach, describe, expect, it, vi } from "vitest";

import { documentEncoding, encodeDocument } from "./document-encoding.server";

describe("documentEncoding", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("prefers brotli, then gzip, as the browser accepts them", () => {
    expect(documentEncoding("gzip, deflate, br")).toBe("br");
    expect(documentEncoding("br;q=0.5, gzip;q=1")).toBe("gzip");
    expect(documentEncoding("gzip")).toBe("gzip");
    expect(documentEncoding("br;q=0, gzip")).toBe("gzip");
  });

  it("sends plain bytes when nothing usable is accepted, for HEAD, and with COMPRESSION=off", () => {
    expect(documentEncoding(null)).toBeNull();
    expect(documentEncoding("identity")).toBeNull();
    expect(documentEncoding("deflate")).toBeNull();
    expect(documentEncoding("br;q=0, gzip;q=0")).toBeNull();
    expect(documentEncoding("gzip, br", "HEAD")).toBeNull();
    vi.stubEnv("COMPRESSION", "off");
    expect(documentEncoding("gzip, deflate, br")).toBeNull();
  });
});

describe("encodeDocument", () => {
  const page = Buffer.from(
    `<!DOCTYPE html><html><body>${"<p>Reliance Industries ₹1,458.61</p>".repeat(400)}</body></html>`,
  );

  it("brotli and gzip decode to the same document, several times smaller", async () => {
    const br = await encodeDocument(page, "br");
    const gz = await encodeDocument(page, "gzip");
    expect(brotliDecompressSync(br).equals(page)).toBe(true);
    expect(gunzipSync(gz).equals(page)).toBe(true);
    expect(br.length).toBeLessThan(page.length / 5);
    expect(gz.length).toBeLessThan(page.length / 5);
  });
});

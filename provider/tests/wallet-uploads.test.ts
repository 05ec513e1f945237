import sharp from "sharp";
import { describe, expect, it } from "vitest";

import { EXIF_SECRET, newTrader, OPERATOR, pngWithExif, upload, useInProcessProvider } from "./helpers";
import { MAX_UPLOAD_BYTES } from "../services/uploads";

/* POST /upload and GET /upload/:id (docs/decisions/0071). */
const AT = new Date("2026-11-20T09:15:00Z");
const p = useInProcessProvider({ now: () => AT });

const get = (url: string, headers: Record<string, string> = {}) => p.fetch(url, { headers });

/** A valid PNG whose header claims `width`×`height` (the pixel data is a 1×1 image's): a decompression bomb's shape. */
async function pngClaiming(width: number, height: number) {
  const png = Buffer.from(
    await sharp({ create: { width: 1, height: 1, channels: 3, background: "#000" } })
      .png()
      .toBuffer(),
  );
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29); // IHDR's CRC covers its type and data
  return png;
}
function crc32(bytes: Uint8Array) {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

describe("upload", () => {
  it("re-encodes a real image as JPEG without its EXIF, keeps it in the database and serves it to its owner", async () => {
    const t = await newTrader(p, "0");
    const png = await pngWithExif(40, 20);
    expect(png.includes(EXIF_SECRET)).toBe(true);
    const res = await upload(p, t.token, png, "holiday.png", "image/png");
    expect(res).toEqual({
      status: 200,
      body: {
        msg: "ok",
        data: {
          id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
          url: `/api/stock/success/upload/${res.body.data.id}`,
          mime: "image/jpeg",
          size: expect.any(Number),
          width: 40,
          height: 20,
        },
      },
    });
    const stored = await p.db
      .selectFrom("uploads")
      .selectAll()
      .where("id", "=", res.body.data.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ user_id: t.id, mime: "image/jpeg", size: res.body.data.size, created_at: AT });

    const served = await get(res.body.data.url, { token: t.token });
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/jpeg");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.byteLength).toBe(res.body.data.size);
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(bytes.includes(EXIF_SECRET)).toBe(false);
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 40, height: 20 });
    expect(meta.exif).toBeUndefined();
  });

  it("trusts neither the file name nor the declared type; turns photos upright and fits them in 1200×1200", async () => {
    const t = await newTrader(p, "0");
    const png = await pngWithExif(30, 10);
    expect((await upload(p, t.token, png, "invoice.exe", "application/octet-stream")).body.data).toMatchObject({
      mime: "image/jpeg",
      width: 30,
    });

    const sideways = await sharp({ create: { width: 40, height: 20, channels: 3, background: "#c33" } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await upload(p, t.token, sideways, "a.jpg", "image/jpeg")).body.data).toMatchObject({
      width: 20,
      height: 40,
    });

    const wide = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: "#3c3" } })
      .webp()
      .toBuffer();
    expect((await upload(p, t.token, wide, "wide.webp", "image/webp")).body.data).toMatchObject({
      width: 1200,
      height: 400,
    });
  });

  it("refuses what is not an image, a truncated image and an image with too many pixels", async () => {
    const t = await newTrader(p, "0");
    const png = await pngWithExif();
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    for (const [bytes, name] of [
      [Buffer.from("this is not an image at all"), "photo.png"],
      [Buffer.from("%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj"), "scan.jpg"],
      [svg, "logo.svg"],
      [png.subarray(0, 60), "cut.png"],
    ] as const) {
      expect((await upload(p, t.token, bytes, name, "image/png")).body, name).toEqual({
        msg: "no",
        data: { code: "not_image", message: expect.any(String), field: "file" },
      });
    }
    expect((await upload(p, t.token, await pngClaiming(20_000, 20_000), "bomb.png")).body.data).toMatchObject({
      code: "image_too_large_pixels",
      field: "file",
    });
    expect(await p.db.selectFrom("uploads").select("id").where("user_id", "=", t.id).execute()).toEqual([]);
  });

  it("names the pixel limit, not the 5 MB one, for an image with too many pixels (issue 22 item 7)", async () => {
    const t = await newTrader(p, "0");
    const tooManyPixels = {
      msg: "no",
      data: {
        code: "image_too_large_pixels",
        message: "image too large: at most 25 megapixels (GIF: 2)",
        field: "file",
      },
    };
    // A header claiming 65000×65000 in a file of a few hundred bytes, and a 26 MP one (a 50 MP camera mode is over too).
    expect((await upload(p, t.token, await pngClaiming(65_000, 65_000), "bomb.png")).body).toEqual(tooManyPixels);
    expect((await upload(p, t.token, await pngClaiming(6_000, 4_334), "big.png")).body).toEqual(tooManyPixels);
    // GIF decodes at full size: its cap is 2 MP.
    const gif = await sharp({ create: { width: 2_100, height: 2_000, channels: 3, background: "#888" } })
      .gif()
      .toBuffer();
    expect((await upload(p, t.token, gif, "scan.gif", "image/gif")).body).toEqual(tooManyPixels);
    // A 24 MP phone photo (5712×4284, 24.5 MP) is taken.
    const photo = await sharp({ create: { width: 5_712, height: 4_284, channels: 3, background: "#a86" } })
      .jpeg()
      .toBuffer();
    expect((await upload(p, t.token, photo, "IMG_0001.jpg", "image/jpeg")).body.data).toMatchObject({
      width: 1200,
      height: 900,
    });
  });

  it("decodes one image at a time: eight customers uploading at once wait their turn, and all get theirs", async () => {
    const customers = await Promise.all(Array.from({ length: 8 }, () => newTrader(p, "0")));
    const photo = await sharp({ create: { width: 4_000, height: 3_000, channels: 3, background: "#68a" } })
      .jpeg()
      .toBuffer();
    let mostAtOnce = 0;
    const sampler = setInterval(() => (mostAtOnce = Math.max(mostAtOnce, sharp.counters().process)), 1);
    try {
      const replies = await Promise.all(customers.map((c) => upload(p, c.token, photo, "id.jpg", "image/jpeg")));
      expect(replies.map((reply) => reply.body.data?.width)).toEqual(Array(8).fill(1200));
    } finally {
      clearInterval(sampler);
    }
    expect(mostAtOnce).toBe(1);
  });

  it("refuses a file over 5 MB, and a body over the route's limit before reading it", async () => {
    const t = await newTrader(p, "0");
    const justOver = new Uint8Array(MAX_UPLOAD_BYTES + 1);
    expect(await upload(p, t.token, justOver)).toEqual({
      status: 200,
      body: {
        msg: "no",
        data: { code: "file_too_large", message: `at most ${MAX_UPLOAD_BYTES} bytes`, field: "file" },
      },
    });
    const huge = new Uint8Array(7 * 1024 * 1024);
    expect(await upload(p, t.token, huge)).toEqual({
      status: 413,
      body: {
        msg: "no",
        data: { code: "file_too_large", message: `at most ${MAX_UPLOAD_BYTES} bytes`, field: "file" },
      },
    });
    // Every other route keeps the 64 KB limit.
    const other = await p.call("/api/stock/success/bank/add", { token: t.token, body: { bank: "x".repeat(70_000) } });
    expect(other.status).toBe(413);
  });

  it("wants multipart with a file field named file", async () => {
    const t = await newTrader(p, "0");
    const json = await p.call("/api/stock/success/upload", { token: t.token, body: { file: "aGVsbG8=" } });
    expect(json.body).toMatchObject({ msg: "no", data: { code: "invalid_input", field: "file" } });
    const form = new FormData();
    form.append("photo", new Blob([await pngWithExif()]), "a.png");
    const wrongField = await p.fetch("/api/stock/success/upload", {
      method: "POST",
      body: form,
      headers: { token: t.token },
    });
    expect(await wrongField.json()).toMatchObject({ msg: "no", data: { code: "invalid_input", field: "file" } });
    expect((await upload(p, t.token, new Uint8Array(0))).body.data).toMatchObject({
      code: "invalid_input",
      field: "file",
    });
    expect((await upload(p, undefined, await pngWithExif())).status).toBe(400);
  });

  it("serves a file to its owner and the operator only; anyone else gets not_found", async () => {
    const owner = await newTrader(p, "0");
    const stranger = await newTrader(p, "0");
    const { url } = (await upload(p, owner.token, await pngWithExif())).body.data;
    expect((await get(url, { token: owner.token })).status).toBe(200);
    expect((await get(url, OPERATOR)).status).toBe(200);
    expect((await get(url, { authorization: `Bearer ${owner.token}` })).status).toBe(200);

    const denied = await get(url, { token: stranger.token });
    expect(await denied.json()).toEqual({ msg: "no", data: { code: "not_found", message: "no such file" } });
    expect(await (await get(url)).json()).toEqual({ msg: "logout" });
    expect((await get(url, { "x-operator-key": "wrong-key" })).status).toBe(400);
    for (const bad of [
      "/api/stock/success/upload/nope",
      "/api/stock/success/upload/00000000-0000-4000-8000-000000000000",
    ]) {
      expect(await (await get(bad, { token: owner.token })).json()).toMatchObject({
        msg: "no",
        data: { code: "not_found" },
      });
    }
  });
});

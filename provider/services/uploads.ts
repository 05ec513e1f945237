import { randomUUID } from "node:crypto";

import type { DB } from "../db/database";
import { countUploadsSince, findUpload, findUploadOwner, insertUpload } from "../db/repositories/uploads";
import { invalidInput, ProviderError } from "../errors";

/*
 * Image uploads (docs/decisions/0071). The name and the declared type are ignored: the bytes must decode as a JPEG,
 * PNG, WebP or GIF with sharp; the image is turned upright (EXIF orientation), scaled to fit 1200×1200 (docs/product.md#real-name) and
 * re-encoded as a JPEG, which drops every metadata block (EXIF, GPS, XMP, ICC). Only the re-encoded bytes are kept,
 * in the database, so any provider instance on the same PostgreSQL can serve them.
 * Decoding is bounded (docs/decisions/0187-health-and-image-limits.md): at most MAX_INPUT_PIXELS (GIF:
 * MAX_GIF_INPUT_PIXELS), one decode at a time in the process (the rest wait their turn), libvips' cache off.
 */

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** The upload route's request body limit: the file plus multipart framing. */
export const MAX_UPLOAD_BODY_BYTES = MAX_UPLOAD_BYTES + 64 * 1024;
/**
 * Decompression-bomb brake and memory bound: a 5 MB file may still claim billions of pixels. 25 MP takes every
 * phone camera's default photo (12 MP; 24.5 MP for the iPhones that save 24 MP, 5712×4284) and refuses the 48-200 MP
 * modes, which the app's own upload scales down in the browser anyway (decision 0187).
 */
export const MAX_INPUT_PIXELS = 25_000_000;
/** GIF has no reduced decode: a frame costs ~6 bytes a pixel, so it gets a smaller cap (an ID photo needs no more). */
export const MAX_GIF_INPUT_PIXELS = 2_000_000;
/** Decodes at once in this process; the others wait (each decode at the cap costs ~20-40 MB, decision 0187). */
export const DECODE_SLOTS = 1;
export const TOO_MANY_PIXELS_MESSAGE = `image too large: at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels (GIF: ${MAX_GIF_INPUT_PIXELS / 1_000_000})`;
export const MAX_DIMENSION = 1200;
export const JPEG_QUALITY = 80;
export const ACCEPTED_FORMATS = ["jpeg", "png", "webp", "gif"];
/** Uploads a customer may make per rolling day. */
export const MAX_UPLOADS_PER_DAY = 50;

export const UPLOAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const uploadUrl = (id: string) => `/api/stock/success/upload/${id}`;

/** An upload reference as the app sends it back (the `url` we gave, or the bare id); undefined if it is neither. */
export function uploadIdFrom(reference: string): string | undefined {
  const text = reference.trim().toLowerCase();
  const match = /^(?:\/api\/stock\/success\/upload\/)?([0-9a-f-]{36})$/.exec(text);
  return match && UPLOAD_ID.test(match[1]) ? match[1] : undefined;
}

type Sharp = (typeof import("sharp"))["default"];
let sharpModule: Promise<Sharp> | undefined;

/** Loaded at the first upload, not at start: libvips is ~23 MB of the server's memory (decision 0153). */
function loadSharp(): Promise<Sharp> {
  sharpModule ??= import("sharp").then(({ default: sharp }) => {
    // Every upload is a new image: libvips' operation cache (50 MB by default) would only hold on to memory.
    sharp.cache(false);
    // One libvips thread per image: decodes are queued below, and fewer threads keep fewer malloc arenas.
    sharp.concurrency(1);
    return sharp;
  });
  return sharpModule;
}

/** A FIFO of DECODE_SLOTS: `work` runs when a slot is free. */
let decoding = 0;
const waiting: (() => void)[] = [];
async function inDecodeSlot<T>(work: () => Promise<T>): Promise<T> {
  if (decoding >= DECODE_SLOTS) await new Promise<void>((resolve) => waiting.push(resolve));
  decoding++;
  try {
    return await work();
  } finally {
    decoding--;
    waiting.shift()?.();
  }
}

/** Decodes, normalises and re-encodes; `not_image` / `file_too_large` / `image_too_large_pixels` for what it refuses. */
export async function reencodeImage(bytes: Uint8Array) {
  if (bytes.byteLength > MAX_UPLOAD_BYTES)
    throw new ProviderError("file_too_large", `at most ${MAX_UPLOAD_BYTES} bytes`, "file");
  const sharp = await loadSharp();
  return inDecodeSlot(async () => {
    let metadata: { format?: string; width?: number; height?: number };
    try {
      metadata = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    } catch (error) {
      throw tooManyPixels(error) ?? new ProviderError("not_image", "the file is not an image", "file");
    }
    const { format, width = 0, height = 0 } = metadata;
    if (!format || !ACCEPTED_FORMATS.includes(format)) {
      throw new ProviderError("not_image", `only ${ACCEPTED_FORMATS.join(", ")} images`, "file");
    }
    const limitInputPixels = format === "gif" ? MAX_GIF_INPUT_PIXELS : MAX_INPUT_PIXELS;
    if (width * height > limitInputPixels) throw tooManyPixelsError();
    try {
      // sequentialRead: libvips streams the decode top to bottom into the shrink instead of holding the whole image.
      const { data, info } = await sharp(bytes, { limitInputPixels, failOn: "error", sequentialRead: true })
        .rotate()
        .resize({ width: MAX_DIMENSION, height: MAX_DIMENSION, fit: "inside", withoutEnlargement: true })
        .flatten({ background: "#ffffff" })
        .jpeg({ quality: JPEG_QUALITY, mozjpeg: true })
        .toBuffer({ resolveWithObject: true });
      return { bytes: new Uint8Array(data), width: info.width, height: info.height };
    } catch (error) {
      throw tooManyPixels(error) ?? new ProviderError("not_image", "the image could not be decoded", "file");
    }
  });
}

function tooManyPixelsError() {
  return new ProviderError("image_too_large_pixels", TOO_MANY_PIXELS_MESSAGE, "file");
}

/** sharp refuses an image whose header claims more than limitInputPixels (before decoding anything). */
function tooManyPixels(error: unknown): ProviderError | undefined {
  return error instanceof Error && /pixel limit/i.test(error.message) ? tooManyPixelsError() : undefined;
}

export function createUploads(deps: { db: DB; now: () => Date }) {
  const { db, now } = deps;

  async function store(userId: number, file: { bytes: Uint8Array }) {
    if (file.bytes.byteLength === 0) throw invalidInput("file", "empty file");
    const at = now();
    if ((await countUploadsSince(db, userId, new Date(at.getTime() - 86_400_000))) >= MAX_UPLOADS_PER_DAY) {
      throw new ProviderError("too_many_requests", `at most ${MAX_UPLOADS_PER_DAY} uploads a day`);
    }
    // Decoding is CPU work: done before touching the database (on PGlite a transaction blocks every request).
    const image = await reencodeImage(file.bytes);
    const row = await insertUpload(db, {
      id: randomUUID(),
      user_id: userId,
      mime: "image/jpeg",
      bytes: image.bytes,
      size: image.bytes.byteLength,
      width: image.width,
      height: image.height,
      created_at: at,
    });
    return { id: row.id, url: uploadUrl(row.id), mime: row.mime, size: row.size, width: row.width, height: row.height };
  }

  /** The file for its owner (`viewer` = user id) or for the operator (`viewer` = "operator"); anyone else: not_found. */
  async function read(id: string, viewer: number | "operator") {
    if (!UPLOAD_ID.test(id)) throw new ProviderError("not_found", "no such file");
    const row = await findUpload(db, id);
    if (!row || (viewer !== "operator" && row.user_id !== viewer)) throw new ProviderError("not_found", "no such file");
    return { mime: row.mime, bytes: row.bytes, created_at: row.created_at };
  }

  /** True when `id` is an upload of this user (KYC photos must be the customer's own uploads). */
  async function owns(userId: number, id: string) {
    const row = await findUploadOwner(db, id);
    return row !== undefined && row.user_id === userId;
  }

  return { store, read, owns };
}

export type Uploads = ReturnType<typeof createUploads>;

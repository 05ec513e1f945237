import { randomUUID } from "node:crypto";
import type { DB } from "../db/database";
import { countUploadsSince, findUpload, findUploadOwner, insertUpload } from "../db/repositories/uploads";
import { invalidInput, ProviderError } from "../errors";

/*
 * Image uploads (docs/decisions/0071). The name and the declared type are ignored: the bytes must decode as a JPEG,
 * PNG, WebP or GIF with sharp; the image is turned upright (EXIF orientation), scaled to fit 1200×1200 (docs/product.md#real-name) and
 * re-encoded as a JPEG, which drops every metadata block (EXIF, GPS, XMP, ICC). Only the re-encoded bytes are kept,
 * in the database, so any provider instance on the same PostgreSQL can serve them.
 */

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** The upload route's request body limit: the file plus multipart framing. */
export const MAX_UPLOAD_BODY_BYTES = MAX_UPLOAD_BYTES + 64 * 1024;
/** Decompression-bomb brake: a 5 MB file may still claim billions of pixels. */
export const MAX_INPUT_PIXELS = 40_000_000;
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

/** Decodes, normalises and re-encodes; `not_image` / `file_too_large` for what it refuses. */
export async function reencodeImage(bytes: Uint8Array) {
  if (bytes.byteLength > MAX_UPLOAD_BYTES) throw new ProviderError("file_too_large", `at most ${MAX_UPLOAD_BYTES} bytes`, "file");
  // Loaded at the first upload, not at start: libvips is ~23 MB of the server's memory (decision 0153).
  const { default: sharp } = await import("sharp");
  let format: string | undefined;
  try {
    format = (await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch (error) {
    throw tooManyPixels(error) ?? new ProviderError("not_image", "the file is not an image", "file");
  }
  if (!format || !ACCEPTED_FORMATS.includes(format)) {
    throw new ProviderError("not_image", `only ${ACCEPTED_FORMATS.join(", ")} images`, "file");
  }
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
      .rotate()
      .resize({ width: MAX_DIMENSION, height: MAX_DIMENSION, fit: "inside", withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: JPEG_QUALITY, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { bytes: new Uint8Array(data), width: info.width, height: info.height };
  } catch (error) {
    throw tooManyPixels(error) ?? new ProviderError("not_image", "the image could not be decoded", "file");
  }
}

/** sharp refuses an image whose header claims more than limitInputPixels (before decoding anything). */
function tooManyPixels(error: unknown): ProviderError | undefined {
  return error instanceof Error && /pixel limit/i.test(error.message)
    ? new ProviderError("file_too_large", `at most ${MAX_INPUT_PIXELS} pixels`, "file")
    : undefined;
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

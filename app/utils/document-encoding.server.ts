/**
 * A rendered document compressed in one step (docs/decisions/0167-documents-compressed-in-one-step.md).
 *
 * Documents are rendered to one string (decision 0155), so they need no streaming compressor: one call to
 * zlib on the thread pool does the work the `compression` middleware did through a stream (per-chunk calls on the
 * main thread, an encoder sized for a 4 MB window). Same negotiation as the middleware (the `negotiator` package,
 * brotli preferred, then gzip), same brotli quality (4); the middleware passes an answer that already has a
 * Content-Encoding through. COMPRESSION=off (a compressing proxy in front) turns both off.
 */
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

import Negotiator from "negotiator";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Brotli as the middleware sends it (quality 4), with a 128 KB window: a document (30-60 KB) fits in it, so the bytes
 * are the same as with a larger window, and a smaller window is less to set up per call (decision 0167).
 */
const BROTLI_OPTIONS = {
  params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_LGWIN]: 17 },
};

export type DocumentEncoding = "br" | "gzip";

/** The encoding to send for this Accept-Encoding header, or null for plain bytes. */
export function documentEncoding(acceptEncoding: string | null, method = "GET"): DocumentEncoding | null {
  if (process.env.COMPRESSION === "off" || method === "HEAD" || !acceptEncoding) return null;
  const negotiator = new Negotiator({ headers: { "accept-encoding": acceptEncoding } });
  // negotiator 0.6.4 takes the server's preference for equal q-values as a second argument (as `compression`
  // passes it); @types/negotiator 0.6 does not declare it.
  const encoding = negotiator.encoding as (available: string[], preferred: string[]) => string | undefined;
  const chosen = encoding.call(negotiator, ["br", "gzip", "identity"], ["br", "gzip"]);
  return chosen === "br" || chosen === "gzip" ? chosen : null;
}

/** The document's bytes in `encoding` (brotli or gzip), compressed on the thread pool. */
export async function encodeDocument(body: Buffer, encoding: DocumentEncoding): Promise<Buffer<ArrayBuffer>> {
  return (await (encoding === "br" ? brotli(body, BROTLI_OPTIONS) : gzipAsync(body))) as Buffer<ArrayBuffer>;
}

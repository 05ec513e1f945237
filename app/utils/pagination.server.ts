/**
 * A paged list's rows, one way for every list the provider pages (docs/product.md#lists): a page past the end is
 * sent to the last page; a provider failure is logged and becomes the screen's own "loading failed, please
 * retry" (`failed`, no rows; the loader answers 503).
 */
import { redirect } from "@remix-run/node";

import { attempt, logFailure } from "~/provider/failures.server";

import { pageInfo, type PageInfo } from "./pagination";

export interface PagedRows<Row> extends PageInfo {
  failed: boolean;
  rows: Row[];
}

export async function readPagedRows<Raw, Row>(options: {
  /** What the log calls the list. */
  where: string;
  page: number;
  read: Promise<{ count: number; rows: Raw[] }>;
  toRow: (raw: Raw) => Row;
  hrefFor: (page: number) => string;
}): Promise<PagedRows<Row>> {
  const loaded = await attempt(options.read);
  if (!loaded.ok) {
    logFailure(options.where, loaded.failure);
    return { ...pageInfo(options.page, 0), failed: true, rows: [] };
  }
  const info = pageInfo(options.page, loaded.data.count);
  if (options.page > info.pageCount) throw redirect(options.hrefFor(info.pageCount));
  return { ...info, failed: false, rows: loaded.data.rows.map(options.toRow) };
}

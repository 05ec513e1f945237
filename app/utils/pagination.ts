/**
 * Paging, one way for every list (docs/product.md#lists): page numbers start at 1, a missing or malformed page
 * is page 1, and a page past the end is sent to the last page by the loader.
 */

/** Rows per page of every paged list (markets, forex, watchlist, positions, records, bills, news default). */
export const PAGE_SIZE = 10;

/** A page number from a query parameter or form field: a positive whole number, else 1. */
export function readPage(value: FormDataEntryValue | string | null | undefined): number {
  if (typeof value !== "string" || !/^\d{1,6}$/.test(value)) return 1;
  const page = Number.parseInt(value, 10);
  return page >= 1 ? page : 1;
}

/** How many pages `total` rows fill (at least one, so an empty list is "page 1 of 1"). */
export function pageCount(total: number, size = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / size));
}

/** What a paged loader returns about its position in the list. */
export interface PageInfo {
  page: number;
  pageCount: number;
  total: number;
}

export function pageInfo(page: number, total: number, size = PAGE_SIZE): PageInfo {
  return { page, pageCount: pageCount(total, size), total };
}

/**
 * News page sizes (docs/product.md#news): the customer chooses 10, 20, 30 or 50 items per page with a form and
 * its button (`?limit=`, a GET: the choice is part of the address); 10 when none or another value is asked for.
 * Browser-safe: the list screen's select offers exactly these.
 */
export const NEWS_PAGE_SIZES = [10, 20, 30, 50] as const;
export type NewsPageSize = (typeof NEWS_PAGE_SIZES)[number];
/** The list's usual page size (PAGE_SIZE of every paged list). */
export const DEFAULT_NEWS_PAGE_SIZE: NewsPageSize = 10;

export function readNewsPageSize(value: string | null | undefined): NewsPageSize {
  const size = typeof value === "string" && /^\d{1,2}$/.test(value) ? Number(value) : NaN;
  return (NEWS_PAGE_SIZES as readonly number[]).includes(size) ? (size as NewsPageSize) : DEFAULT_NEWS_PAGE_SIZE;
}

import type { ReactNode } from "react";

import type { PageInfo } from "~/utils/pagination";

import { Pager } from "./Pager";
import { RetryNotice } from "./RetryNotice";

/**
 * A paged list's body (docs/product.md#lists): the screen's "loading failed, please retry" when the rows could not
 * be read, its empty text when there are none, else the rows; then the pager.
 */
export function PagedList<Row>({
  data,
  hrefFor,
  failedText,
  retryLabel,
  emptyText,
  emptyClassName,
  children,
}: {
  data: PageInfo & { failed: boolean; rows: Row[] };
  hrefFor: (page: number) => string;
  failedText: string;
  retryLabel: string;
  emptyText: string;
  emptyClassName: string;
  children: (rows: Row[]) => ReactNode;
}) {
  return (
    <>
      {data.failed ? (
        <RetryNotice message={failedText} href={hrefFor(data.page)} retryLabel={retryLabel} />
      ) : data.rows.length === 0 ? (
        <p className={emptyClassName}>{emptyText}</p>
      ) : (
        children(data.rows)
      )}
      <Pager page={data.page} pageCount={data.pageCount} total={data.total} hrefFor={hrefFor} />
    </>
  );
}

/** The watchlist's delete form (docs/product.md#watchlist): one saved stock, after its confirm step. */
import { z } from "zod";

import { SYMBOL_PATTERN } from "~/features/market/symbol";
import type { TFunction } from "~/i18n/config";
import { readPage } from "~/utils/pagination";

export function createWatchlistDeleteSchema(t: TFunction) {
  const invalid = { message: t("watchlist:watchlist.invalidDelete") };
  return z.object({
    intent: z.literal("delete", { errorMap: () => invalid }),
    symbol: z.string({ errorMap: () => invalid }).regex(SYMBOL_PATTERN, invalid),
    name: z.string().max(120).optional(),
    /** The page the customer was on; anything malformed is page 1 (docs/product.md#lists). */
    page: z
      .string()
      .optional()
      .transform((value) => readPage(value)),
  });
}

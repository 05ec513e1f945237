/**
 * The zod schemas of the market screens' forms, one per form, parsed with Conform on the server
 * (docs/decisions/0006-form-validation-on-the-server.md). Messages are translated with the caller's `t`.
 */
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";

import type { TFunction } from "~/i18n/config";
import { readPage } from "~/utils/pagination";

/** A provider symbol as it may appear in a URL or a form: `RELIANCE.NS`, `^NSEI`, `M&M.NS`, `EURUSD=X`. */
export const SYMBOL_PATTERN = /^[\^A-Za-z0-9.=&_-]{1,32}$/;

/**
 * The favourite star on the stock detail (docs/product.md#watchlist): `intent` says what the customer asked
 * for; `enhanced=1` is sent by the hydrated page, which wants JSON instead of a redirect.
 */
export function createFavouriteSchema(t: TFunction) {
  const invalid = { message: t("watchlist:favourite.invalid") };
  return z.object({
    intent: z.enum(["add", "remove"], { errorMap: () => invalid }),
    enhanced: z.literal("1").optional(),
  });
}

/** Deleting one saved stock from the watchlist's edit mode, after its confirm step. */
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

/** The favourite star's post, parsed here so that the stock screen's browser code carries no zod. */
export const parseFavourite = (formData: FormData, t: TFunction) =>
  parseWithZod(formData, { schema: createFavouriteSchema(t) });

/** The watchlist's delete, parsed here so that the watchlist's browser code carries no zod. */
export const parseWatchlistDelete = (formData: FormData, t: TFunction) =>
  parseWithZod(formData, { schema: createWatchlistDeleteSchema(t) });

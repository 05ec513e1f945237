/**
 * The stock detail's favourite form, parsed with Conform on the server. Allowed until the orders helper moves the
 * stock detail to the one form path (a `*.schema.ts` loaded by `import()`, docs/decisions/0420-one-form-path.md);
 * then this module goes.
 */
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";

import type { TFunction } from "~/i18n/config";

export { SYMBOL_PATTERN } from "./symbol";

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

/** The favourite star's post, parsed here so that the stock screen's browser code carries no zod. */
export const parseFavourite = (formData: FormData, t: TFunction) =>
  parseWithZod(formData, { schema: createFavouriteSchema(t) });

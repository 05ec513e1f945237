import { z } from "zod";

import type { TFunction } from "~/i18n/config";

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

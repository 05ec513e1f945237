/** The language picker's form: one of the offered locales, and the page to go back to (docs/product.md#locales). */
import { z } from "zod";

import type { Locale, TFunction } from "~/i18n/config";

export function createLocaleSchema(t: TFunction<"common">, offered: Locale[]) {
  return z.object({
    lng: z.enum(offered as [Locale, ...Locale[]], { message: t("validation.languageUnavailable") }),
    redirectTo: z.string().optional(),
  });
}

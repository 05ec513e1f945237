/**
 * Settings → change login password (docs/product.md#passwords): the current one, the new one (at least 6) and its
 * confirmation. The provider checks the current one (`password_wrong`). Speaks `common` (validation.*) and names
 * its wallet strings in full.
 */
import { z } from "zod";

import { confirmField, newPasswordField, withPasswordMatch } from "~/features/account/password.schema";
import type { TFunction } from "~/i18n/config";

export function createLoginPasswordSchema(t: TFunction) {
  return withPasswordMatch(
    t,
    z.object({
      current: z.string({ required_error: t("wallet:password.currentRequired") }),
      password: newPasswordField(t, "validation.newPasswordRequired"),
      confirm: confirmField(t),
    }),
  );
}

/**
 * A new password and its confirmation (docs/product.md#passwords), in the same words on every screen that sets one:
 * sign-up, the password reset and the settings' login password. Its strings are `common`'s `newPassword` section,
 * sent only to the screens that name it (docs/decisions/0573-new-password-words-in-common.md), which is why it is
 * not in forms.tsx: the sign-in screens render that module too.
 */
import { useTranslation } from "react-i18next";

import { PASSWORD_MIN } from "./fields";
import { PasswordField, type TextField } from "./forms";

/** `first`: the account's first password (sign-up), said "Password" rather than "New password". */
export function NewPasswordFields({
  password,
  confirm,
  first = false,
}: {
  password: TextField;
  confirm: TextField;
  first?: boolean;
}) {
  const { t } = useTranslation("common");
  return (
    <>
      <PasswordField
        field={password}
        label={first ? t("newPassword.first") : t("newPassword.new")}
        hint={t("newPassword.hint", { min: PASSWORD_MIN })}
        autoComplete="new-password"
      />
      <PasswordField
        field={confirm}
        label={first ? t("newPassword.confirmFirst") : t("newPassword.confirmNew")}
        autoComplete="new-password"
      />
    </>
  );
}

import { useTranslation } from "react-i18next";

import { useSubmitForm, type SubmitFormOptions } from "./useSubmitForm";

/**
 * The amount form of a money screen (recharge, withdraw, loan): useSubmitForm, a submit held back offline said in
 * the wallet's words.
 */
export function useMoneyForm<Fields extends Record<string, unknown>>(options: Omit<SubmitFormOptions<Fields>, "offlineMessage">) {
  const { t } = useTranslation("wallet");
  return useSubmitForm<Fields>({ ...options, offlineMessage: t("review.offlineForm") });
}

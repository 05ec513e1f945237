/**
 * Security alerts in the support inbox (docs/product.md#two-factor-and-devices): the provider leaves a service message
 * with a code and params; the chat shows it in the customer's language (`security:alerts.<code>`), or the provider's
 * English text for a code this app does not know.
 */
import { useTranslation } from "react-i18next";

import { formatMoney, type FormatContext } from "~/i18n/format";
import { useFormat } from "~/i18n/format-context";
import type { ChatMessage } from "~/provider/support.server";

export const ALERT_CODES = [
  "sign_in",
  "two_factor_on",
  "two_factor_off",
  "two_factor_reset",
  "two_factor_wrong_codes",
  "two_factor_locked",
  "bank_card_added",
  "bank_card_changed",
  "withdrawal_requested",
] as const;
type AlertCode = (typeof ALERT_CODES)[number];
const KNOWN = new Set<string>(ALERT_CODES);

/** The message's text as the chat shows it, and who a service message is from. */
export function useAlertText(message: Pick<ChatMessage, "text" | "alert">): { text: string; service: string } {
  const { t } = useTranslation("security");
  const fmt = useFormat();
  return { text: alertText(t, fmt, message), service: t("alerts.from") };
}

function alertText(
  t: ReturnType<typeof useTranslation<"security">>["t"],
  fmt: FormatContext,
  message: Pick<ChatMessage, "text" | "alert">,
) {
  const alert = message.alert;
  if (!alert || !KNOWN.has(alert.code)) return message.text;
  const unknown = t("alerts.unknown");
  const params = Object.fromEntries(Object.entries(alert.params ?? {}).map(([key, value]) => [key, value ?? unknown]));
  // A money figure reads in the wallet's currency, as everywhere else.
  if (typeof alert.params?.amount === "string") params.amount = formatMoney(alert.params.amount, fmt);
  // A sign-in from this computer or a home or office network (app/provider/support.server.ts).
  if (alert.params?.local_network) params.network = t("alerts.localNetwork");
  return t(`alerts.${alert.code as AlertCode}`, params);
}

import type { Executor } from "../db/database";
import { insertChatMessage, insertChatMessages } from "../db/repositories/chat-messages";

/*
 * Alerts in the customer's support inbox (docs/decisions/0272): a message from the service (`sender = 'service'`)
 * with a code and string parameters the app translates, and the same text in English as `content`. They count as
 * unread like operator replies. Written in the transaction of the action they report, so an action that rolls back
 * leaves no alert.
 */

export interface AlertParams {
  sign_in: { browser: string | null; os: string | null; network: string | null };
  two_factor_on: Record<string, never>;
  two_factor_off: Record<string, never>;
  two_factor_reset: Record<string, never>;
  /** The first burst of wrong codes within 24 hours (docs/decisions/0335): how many, and the network of the last. */
  two_factor_wrong_codes: { count: string; network: string | null };
  /** Authenticator codes refused for up to 24 hours after `count` wrong ones (docs/decisions/0335). */
  two_factor_locked: { count: string };
  bank_card_added: { bank: string; last4: string };
  bank_card_changed: { bank: string; last4: string };
  withdrawal_requested: { id: string; amount: string; bank: string; last4: string };
  /**
   * A price alert fired (docs/decisions/0362-price-alerts.md): `condition` above, below or move; `price` (above,
   * below) or `percent` (move) what the customer set, the other null; `current_price` and `change_percent` the quote
   * that fired it (prices at the instrument's precision).
   */
  price_alert: {
    id: string;
    tag: string;
    name: string;
    condition: string;
    price: string | null;
    percent: string | null;
    current_price: string;
    change_percent: string;
  };
}
export type AlertCode = keyof AlertParams;
export type Alert = { [C in AlertCode]: { code: C; params: AlertParams[C] } }[AlertCode];

const IF_NOT_YOU = "If this was not you, contact us here at once.";

function english(alert: Alert): string {
  switch (alert.code) {
    case "sign_in": {
      const { browser, os, network } = alert.params;
      const where = network ? ` from network ${network}` : "";
      return `New sign-in to your account: ${browser ?? "an unknown browser"} on ${os ?? "an unknown system"}${where}. If this was not you, end it in Settings, Devices, and change your password.`;
    }
    case "two_factor_on":
      return `Two-factor sign-in was turned on. ${IF_NOT_YOU}`;
    case "two_factor_off":
      return `Two-factor sign-in was turned off. ${IF_NOT_YOU}`;
    case "two_factor_reset":
      return "Two-factor sign-in was reset by our support team after an identity check. Set it up again in Settings.";
    case "two_factor_wrong_codes": {
      const where = alert.params.network ? ` (the last from network ${alert.params.network})` : "";
      return `${alert.params.count} wrong two-factor codes were typed for your account in the last 24 hours${where}, after your password was accepted. If this was not you, someone knows your password: change it now in Settings.`;
    }
    case "two_factor_locked":
      return `After ${alert.params.count} wrong two-factor codes, codes from your authenticator app are refused for up to 24 hours. A recovery code still signs you in. If this was not you, change your password now in Settings.`;
    case "bank_card_added":
      return `A bank card was added: ${alert.params.bank} ending ${alert.params.last4}. ${IF_NOT_YOU}`;
    case "bank_card_changed":
      return `A bank card was changed: ${alert.params.bank} ending ${alert.params.last4}. ${IF_NOT_YOU}`;
    case "withdrawal_requested":
      return `A withdrawal of ${alert.params.amount} to ${alert.params.bank} ending ${alert.params.last4} was requested (no. ${alert.params.id}). ${IF_NOT_YOU}`;
    case "price_alert": {
      const { tag, name, condition, price, percent, current_price, change_percent } = alert.params;
      if (condition === "move")
        return `${name} (${tag}) has moved ${change_percent} % today, to ${current_price}: your alert was a move of ${percent} %.`;
      return `${name} (${tag}) is at ${current_price}, ${condition === "above" ? "at or above" : "at or below"} your alert price of ${price}.`;
    }
  }
}

/** Leaves `alert` in the customer's inbox, in `ex`'s transaction. */
export async function leaveAlert(ex: Executor, userId: number, alert: Alert, at: Date): Promise<void> {
  await insertChatMessage(ex, {
    user_id: userId,
    sender: "service",
    content: english(alert).slice(0, 1000),
    created_at: at,
    alert_code: alert.code,
    alert_params: JSON.stringify(alert.params),
  });
}

/** Leaves several alerts at once (the tick loop's fired price alerts), in `ex`'s transaction: one insert. */
export async function leaveAlerts(
  ex: Executor,
  alerts: Array<{ userId: number; alert: Alert }>,
  at: Date,
): Promise<void> {
  if (alerts.length === 0) return;
  await insertChatMessages(
    ex,
    alerts.map(({ userId, alert }) => ({
      user_id: userId,
      sender: "service" as const,
      content: english(alert).slice(0, 1000),
      created_at: at,
      alert_code: alert.code,
      alert_params: JSON.stringify(alert.params),
    })),
  );
}

/** The `alert` field of a MessageRow: null for customer and operator messages. */
export function alertOf(m: { alert_code: string | null; alert_params: string | null }) {
  if (m.alert_code === null) return null;
  return { code: m.alert_code, params: JSON.parse(m.alert_params ?? "{}") as Record<string, string | null> };
}

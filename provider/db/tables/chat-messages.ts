import type { Generated, Selectable } from "kysely";

import type { Defaulted } from "./columns";

/** `service`: an alert the provider leaves (a sign-in, two-factor on or off, a card, a withdrawal; decision 0272). */
export type ChatSender = "customer" | "operator" | "service";

/**
 * The customer-service conversation: one per customer. `read_at` is set on operator replies and service alerts the
 * customer has seen. An alert also has `alert_code` and `alert_params` (a JSON object of strings) for the app to
 * translate; `content` is the same alert in English.
 */
export interface ChatMessagesTable {
  id: Generated<number>;
  user_id: number;
  sender: ChatSender;
  content: string;
  created_at: Date;
  read_at: Defaulted<Date | null>;
  alert_code: Defaulted<string | null>;
  alert_params: Defaulted<string | null>;
}

export type ChatMessage = Selectable<ChatMessagesTable>;

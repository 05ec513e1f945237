import type { Generated, Selectable } from "kysely";

import type { Defaulted } from "./columns";

export type ChatSender = "customer" | "operator";

/** The customer-service conversation: one per customer. `read_at` is set on operator replies the customer has seen. */
export interface ChatMessagesTable {
  id: Generated<number>;
  user_id: number;
  sender: ChatSender;
  content: string;
  created_at: Date;
  read_at: Defaulted<Date | null>;
}

export type ChatMessage = Selectable<ChatMessagesTable>;

import type { ColumnType, Generated, Selectable } from "kysely";

export type ChatSender = "customer" | "operator";

/** The customer-service conversation: one per customer. `read_at` is set on operator replies the customer has seen. */
export interface ChatMessagesTable {
  id: Generated<number>;
  user_id: number;
  sender: ChatSender;
  content: string;
  created_at: Date;
  read_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export type ChatMessage = Selectable<ChatMessagesTable>;

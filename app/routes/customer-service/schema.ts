import { z } from "zod";

import { MESSAGE_MAX_LENGTH } from "~/features/support/limits";
import { idempotencyKeyField } from "~/forms/fields";
import type { TFunction } from "~/i18n/config";

/**
 * The send form: the message, trimmed, 1..1000 characters, and the message's idempotency key (minted by the page
 * that shows the form, kept for a retry after a lost reply, docs/product.md#networks).
 */
export function createChatMessageSchema(t: TFunction) {
  return z.object({
    message: z
      .string({ required_error: t("support:chat.errors.required") })
      .trim()
      .min(1, t("support:chat.errors.required"))
      .max(MESSAGE_MAX_LENGTH, t("support:chat.errors.tooLong", { max: MESSAGE_MAX_LENGTH })),
    idempotency_key: idempotencyKeyField(t("support:chat.errors.sendFailed")),
  });
}

export type ChatMessageFields = z.input<ReturnType<typeof createChatMessageSchema>>;

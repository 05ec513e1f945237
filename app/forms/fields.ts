/** Schema fields the kit's forms share (docs/ARCHITECTURE.md#forms). */
import { z } from "zod";

import { IDEMPOTENCY_KEY } from "./idempotency";

/** A posted idempotency key; `message` is what a missing or malformed key says. */
export const idempotencyKeyField = (message: string) =>
  z.string({ required_error: message }).regex(IDEMPOTENCY_KEY, message);

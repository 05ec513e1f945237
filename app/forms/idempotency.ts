/**
 * The idempotency key a money form's intent carries (docs/product.md#networks, docs/decisions/0101): minted once by
 * the server when the review is first shown (`toReview`, action.server.ts), sent back with the Confirm, so any number
 * of resubmissions make one request.
 */
import { z } from "zod";

/** A UUID, or any 8..100 URL-safe characters. */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,100}$/;

/** The schema field of a posted key; `message` is what a missing or malformed key says. */
export const idempotencyKeyField = (message: string) => z.string({ required_error: message }).regex(IDEMPOTENCY_KEY, message);

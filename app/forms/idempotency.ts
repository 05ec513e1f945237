/**
 * The idempotency key a money form's intent carries (docs/product.md#networks, docs/decisions/0101): minted once by
 * the server when the review is first shown (`toReview`, action.server.ts), sent back with the Confirm, so any number
 * of resubmissions make one request. No zod here: pages that only read a key stay without it (its schema field:
 * `idempotencyKeyField`, fields.ts).
 */
/** A UUID, or any 8..100 URL-safe characters. */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,100}$/;

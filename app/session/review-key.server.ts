/**
 * A review's idempotency key belongs to the sign-in that made it (docs/product.md#networks,
 * docs/decisions/0343-review-key-bound-to-its-session.md): `<uuid>_<tag>`, the tag an HMAC of the uuid and the
 * session's provider token under the server's secret. The key is minted with the review (`toReview`) and comes back
 * with its Confirm; `callProviderIdempotent` sends nothing when the tag is not the current session's, so a review
 * made by one customer and confirmed after another signed in on the same browser moves no money.
 */
import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";

import { cookieSecrets } from "~/session/cookies.server";

/** 22 base64url characters: 132 bits of the HMAC, and a key of 59 characters (the provider takes 8 to 100). */
const TAG_LENGTH = 22;

function tag(secret: string, token: string, id: string): string {
  return createHmac("sha256", `review-key:${secret}`)
    .update(`${token}\n${id}`)
    .digest("base64url")
    .slice(0, TAG_LENGTH);
}

/** A new review's idempotency key, bound to the session whose provider token is `token`. */
export function mintReviewKey(token: string): string {
  const id = randomUUID();
  return `${id}_${tag(cookieSecrets()[0], token, id)}`;
}

/**
 * True when `key` was minted for the session whose token is `token` (under any of the server's secrets, so a rotation
 * keeps the reviews on screen). A key without a tag, or a session without a token, is nobody's.
 */
export function isReviewKeyOf(key: string, token: string | null | undefined): boolean {
  const at = key.indexOf("_");
  if (!token || at <= 0) return false;
  const id = key.slice(0, at);
  const given = Buffer.from(key.slice(at + 1));
  return cookieSecrets().some((secret) => {
    const expected = Buffer.from(tag(secret, token, id));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
}

import { describe, expect, it } from "vitest";

import { isReviewKeyOf, mintReviewKey } from "./review-key.server";

describe("a review's idempotency key (decision 0343)", () => {
  it("is a UUID and its session's tag, which the provider takes as a key (8 to 100 URL-safe characters)", () => {
    const key = mintReviewKey("token-of-the-first-sign-in");
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}_[\w-]{22}$/);
    expect(key).not.toContain("token");
    expect(mintReviewKey("token-of-the-first-sign-in")).not.toBe(key);
  });

  it("belongs to the session it was minted for, not to another sign-in, nor to a visitor", () => {
    const key = mintReviewKey("token-of-the-first-sign-in");
    expect(isReviewKeyOf(key, "token-of-the-first-sign-in")).toBe(true);
    expect(isReviewKeyOf(key, "token-of-the-second-sign-in")).toBe(false);
    expect(isReviewKeyOf(key, null)).toBe(false);
  });

  it("is nobody's when its tag is missing, changed, or moved to another key", () => {
    const key = mintReviewKey("token-a");
    const [id, tag] = key.split("_");
    expect(isReviewKeyOf(id, "token-a")).toBe(false);
    expect(isReviewKeyOf(`${id}_${tag.slice(0, -1)}${tag.endsWith("A") ? "B" : "A"}`, "token-a")).toBe(false);
    expect(isReviewKeyOf(`${mintReviewKey("token-a").split("_")[0]}_${tag}`, "token-a")).toBe(false);
    expect(isReviewKeyOf(`${id}_${tag}x`, "token-a")).toBe(false);
  });
});

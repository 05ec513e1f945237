import { describe, expect, it } from "vitest";

import { deviceSessionKey } from "./session-key.server";

describe("the session key of the customer's copies on the device", () => {
  it("names the session without revealing its token, and changes with a new sign-in", () => {
    const key = deviceSessionKey("token-of-the-first-sign-in");
    expect(key).toMatch(/^[\w-]{22}$/);
    expect(key).not.toContain("token");
    expect(deviceSessionKey("token-of-the-first-sign-in")).toBe(key);
    expect(deviceSessionKey("token-of-the-second-sign-in")).not.toBe(key);
  });
});

/** Where the support button leads: the provider's link classified (another site in a new tab, or an app route). */
import { expect, it } from "vitest";

import { classifySupportUrl, supportTarget } from "./support.server";

it("classifies absolute URLs (new tab) and app routes; anything else is no target", () => {
  expect(classifySupportUrl("https://chat.example/room?id=1")).toEqual({
    url: "https://chat.example/room?id=1",
    external: true,
  });
  expect(classifySupportUrl(" http://chat.example ")).toEqual({ url: "http://chat.example/", external: true });
  expect(classifySupportUrl("/customer-service")).toEqual({ url: "/customer-service", external: false });
  expect(classifySupportUrl("customer-service")).toEqual({ url: "/customer-service", external: false });
  expect(classifySupportUrl("//evil.com")).toBeNull();
  expect(classifySupportUrl("/\\evil.com")).toBeNull();
  expect(classifySupportUrl("javascript:alert(1)")).toEqual({ url: "/javascript:alert(1)", external: false });
  expect(classifySupportUrl("")).toBeNull();
  // With the chat on, the button opens the chat whatever the link says.
  expect(supportTarget({ url: "https://chat.example/room", chat_enabled: true })).toEqual({
    url: "/customer-service",
    external: false,
  });
  expect(supportTarget({ url: "https://chat.example/room", chat_enabled: false })).toEqual({
    url: "https://chat.example/room",
    external: true,
  });
});

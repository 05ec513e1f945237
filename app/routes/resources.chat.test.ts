/** /resources/chat, the chat's poll: 304 while nothing changed, the new list as soon as a message is added. */
import { expect, it } from "vitest";

import { getRequest, ok, SCRIPTED_CHAT_MESSAGES, useScriptedProvider } from "~/testing/route-harness";

import { loader as chatPoll } from "./resources.chat";

const { provider, session } = useScriptedProvider({ token: "tok" });

const args = (request: Request) => ({ request, params: {}, context: {} });

it("the poll answers 304 while nothing changed, and the new list as soon as a message is added", async () => {
  let rows = SCRIPTED_CHAT_MESSAGES;
  provider.reply("/stock/success/user_message/list-message", () => ({ json: ok({ rows, count: rows.length }) }));
  const first = await chatPoll(args(getRequest("/resources/chat", session.cookie)));
  expect(first.headers.get("Cache-Control")).toBe("private, no-cache");
  const etag = first.headers.get("ETag") ?? "";
  expect(etag).toBe('W/"chat-12-2"');

  const again = new Request("http://localhost:3000/resources/chat", {
    headers: { Cookie: session.cookie, "If-None-Match": etag },
  });
  expect((await chatPoll(args(again))).status).toBe(304);

  rows = [
    { id: 13, sender: "customer", content: "Thanks", read: true, created_at: "2026-11-23T10:02:00.000Z" },
    ...SCRIPTED_CHAT_MESSAGES,
  ];
  const changed = await chatPoll(
    args(
      new Request("http://localhost:3000/resources/chat", {
        headers: { Cookie: session.cookie, "If-None-Match": etag },
      }),
    ),
  );
  expect(changed.status).toBe(200);
  expect(((await changed.json()) as { messages: { text: string }[] }).messages.map((message) => message.text)).toEqual([
    "Where is my withdrawal?",
    "Hello, how can we help?",
    "Thanks",
  ]);
});

/**
 * Customer service (docs/product.md#support): the chat's send form (validation messages, POST/redirect/GET, the
 * fetcher's data reply), the conversation and its poll, the header's unread count (/resources/unread, only for a
 * signed-in customer with the chat on) and where the support button leads. Loaders and actions called directly;
 * the provider scripted (app/testing/provider-double.ts).
 */
import { beforeAll, describe, expect, it } from "vitest";

import { classifySupportUrl, supportTarget } from "~/provider/support.server";
import { getToast } from "~/session/toast.server";
import { formRequest, getRequest, no, ok, settle, useScriptedProvider, type ReplyJson } from "~/testing/route-harness";

import { action as chatAction, loader as chatLoader, type ChatPageData } from "./customer-service/route";
import { loader as chatPoll } from "./resources.chat";
import { loader as unreadLoader } from "./resources.unread";
import { loader as supportLoader } from "./support";

const { provider, session } = useScriptedProvider({ token: "tok" });
let cookie = "";
beforeAll(() => {
  cookie = session.cookie;
});

const args = (request: Request) => ({ request, params: {}, context: {} });
const KEY = "chat-key-0001";
const send = (fields: Record<string, string>) =>
  settle(() => chatAction(args(formRequest("/customer-service", { idempotency_key: KEY, ...fields }, { cookie }))));

const MESSAGES = [
  {
    id: 12,
    sender: "operator",
    content: "Hello, how can we help?",
    read: true,
    created_at: "2026-11-23T10:01:00.000Z",
  },
  {
    id: 11,
    sender: "customer",
    content: "Where is my withdrawal?",
    read: true,
    created_at: "2026-11-23T10:00:00.000Z",
  },
];

describe("chat: sending a message", () => {
  it("refuses an empty, blank or too long message with its message on the field, and sends nothing", async () => {
    for (const [message, expected] of [
      ["", "Enter a message"],
      ["   \n ", "Enter a message"],
      ["x".repeat(1001), "Message must be 1000 characters or fewer"],
    ] as const) {
      const response = await send({ message });
      expect(response.status).toBe(400);
      const { result } = (await response.json()) as ReplyJson;
      expect(result.error).toEqual({ message: [expected] });
    }
    // A form without its idempotency key (tampered) is refused too.
    const keyless = await settle(() =>
      chatAction(args(formRequest("/customer-service", { message: "Hi" }, { cookie }))),
    );
    expect(((await keyless.json()) as ReplyJson).result.error).toEqual({
      idempotency_key: ["Your message was not sent. Please try again."],
    });
    expect(provider.calls).toEqual([]);
  });

  it("a plain post sends the trimmed text and redirects back to the chat with a toast (POST/redirect/GET)", async () => {
    provider.reply("/stock/success/user_message/send", { json: ok({ ...MESSAGES[1], id: 13, content: "Thanks" }) });
    const response = await send({ message: "  Thanks \n" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/customer-service");
    expect(provider.calls).toEqual([
      expect.objectContaining({
        method: "POST",
        path: "/stock/success/user_message/send",
        token: "tok",
        body: { content: "Thanks", idempotency_key: KEY },
      }),
    ]);
    const toastCookie = response.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    expect((await getToast(getRequest("/customer-service", toastCookie))).toast).toEqual({ key: "support:chat.sent" });
  });

  it("1000 characters are accepted; the fetcher's post (stay=1) gets data that empties the form, no redirect", async () => {
    provider.reply("/stock/success/user_message/send", ({ body }) => ({
      json: ok({
        id: 14,
        sender: "customer",
        content: (body as { content: string }).content,
        read: true,
        created_at: "2026-11-23T10:02:00.000Z",
      }),
    }));
    const response = await send({ message: "é".repeat(1000), stay: "1" });
    expect(response.status).toBe(200);
    const body = (await response.json()) as ReplyJson & { sentId: number };
    // `initialValue: null` is Conform's "reset the form".
    expect(body).toEqual({ result: { initialValue: null }, sentId: 14 });
  });

  it("a refusal keeps the text and says why; a send whose reply never came is not called a failure", async () => {
    provider.reply("/stock/success/user_message/send", { json: no("too_many_requests", { field: "content" }) });
    const refused = await send({ message: "Hello?" });
    expect(refused.status).toBe(400);
    const body = (await refused.json()) as ReplyJson;
    expect(body.result.error).toEqual({ "": ["Too many attempts. Please wait a few minutes and try again."] });
    expect(body.result.initialValue).toEqual({ message: "Hello?", idempotency_key: KEY });

    expect((body as unknown as { retryKey: string | null }).retryKey).toBeNull();

    // No reply: the outcome is unknown; the page keeps the key, so sending again cannot write it twice.
    provider.reply("/stock/success/user_message/send", { fail: "timeout" });
    const unknown = await send({ message: "Hello?" });
    expect(unknown.status).toBe(503);
    const lost = (await unknown.json()) as ReplyJson & { retryKey: string | null };
    expect(lost.result.error).toEqual({
      "": ["We could not confirm that your message was sent. Check the conversation before sending it again."],
    });
    expect(lost.retryKey).toBe(KEY);
  });
});

describe("chat: the conversation", () => {
  it("shows the latest messages oldest first, who wrote each and when; with the chat off, no send form", async () => {
    provider.reply("/stock/success/kefu", { json: ok({ url: "/customer-service", chat_enabled: true }) });
    provider.reply("/stock/success/user_message/list-message", { json: ok({ rows: MESSAGES, count: 2 }) });
    const response = await chatLoader(args(getRequest("/customer-service", cookie)));
    const data = (await response.json()) as ChatPageData;
    expect(data).toMatchObject({ chatEnabled: true, otherSupport: false, failed: false, conversation: { total: 2 } });
    expect(data.conversation.messages).toEqual([
      { id: 11, from: "customer", text: "Where is my withdrawal?", time: "2026-11-23T10:00:00.000Z" },
      { id: 12, from: "operator", text: "Hello, how can we help?", time: "2026-11-23T10:01:00.000Z" },
    ]);
    expect(provider.calls.find((call) => call.path.endsWith("list-message"))?.query).toEqual({
      page: "1",
      limit: "50",
    });
    // Every read of the page mints the next message's idempotency key.
    expect(data.sendKey).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);

    provider.reply("/stock/success/kefu", { json: ok({ url: "https://help.example/chat", chat_enabled: false }) });
    const off = (await (await chatLoader(args(getRequest("/customer-service", cookie)))).json()) as ChatPageData;
    expect(off).toMatchObject({ chatEnabled: false, otherSupport: true });
  });

  it("the poll answers 304 while nothing changed, and the new list as soon as a message is added", async () => {
    let rows = MESSAGES;
    provider.reply("/stock/success/user_message/list-message", () => ({ json: ok({ rows, count: rows.length }) }));
    const first = await chatPoll(args(getRequest("/resources/chat", cookie)));
    expect(first.headers.get("Cache-Control")).toBe("private, no-cache");
    const etag = first.headers.get("ETag") ?? "";
    expect(etag).toBe('W/"chat-12-2"');

    const again = new Request("http://localhost:3000/resources/chat", {
      headers: { Cookie: cookie, "If-None-Match": etag },
    });
    expect((await chatPoll(args(again))).status).toBe(304);

    rows = [
      { id: 13, sender: "customer", content: "Thanks", read: true, created_at: "2026-11-23T10:02:00.000Z" },
      ...MESSAGES,
    ];
    const changed = await chatPoll(
      args(new Request("http://localhost:3000/resources/chat", { headers: { Cookie: cookie, "If-None-Match": etag } })),
    );
    expect(changed.status).toBe(200);
    expect(
      ((await changed.json()) as { messages: { text: string }[] }).messages.map((message) => message.text),
    ).toEqual(["Where is my withdrawal?", "Hello, how can we help?", "Thanks"]);
  });
});

describe("/resources/unread", () => {
  it("a visitor gets 401 and the provider is not asked", async () => {
    const response = await unreadLoader(args(getRequest("/resources/unread")));
    expect(response.status).toBe(401);
    expect(provider.calls).toEqual([]);
  });

  it("signed in with the chat on: the unread count", async () => {
    provider.reply("/stock/success/kefu", { json: ok({ url: "/customer-service", chat_enabled: true }) });
    provider.reply("/stock/success/user_message/unread-count", { json: ok({ unread_count: 2 }) });
    const response = await unreadLoader(args(getRequest("/resources/unread", cookie)));
    expect(await response.json()).toEqual({ chatEnabled: true, unread: 2, external: false });
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("signed in with the chat off: no count is asked for; says whether the support link is another site's", async () => {
    provider.reply("/stock/success/kefu", { json: ok({ url: "https://help.example/chat", chat_enabled: false }) });
    const response = await unreadLoader(args(getRequest("/resources/unread", cookie)));
    expect(await response.json()).toEqual({ chatEnabled: false, unread: 0, external: true });
    expect(provider.calls.map((call) => call.path)).toEqual(["/stock/success/kefu"]);
  });
});

describe("the support button's target", () => {
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

  it("/support opens the chat when it is on, else follows the link; 503 when the provider does not answer", async () => {
    provider.reply("/stock/success/kefu", { json: ok({ url: "https://chat.example/room", chat_enabled: true }) });
    const chat = await settle(() => supportLoader(args(getRequest("/support", cookie))));
    expect(chat.headers.get("Location")).toBe("/customer-service");

    provider.reply("/stock/success/kefu", { json: ok({ url: "https://chat.example/room", chat_enabled: false }) });
    const link = await settle(() => supportLoader(args(getRequest("/support", cookie))));
    expect(link.headers.get("Location")).toBe("https://chat.example/room");

    provider.reply("/stock/success/kefu", { fail: "network" });
    const down = await settle(() => supportLoader(args(getRequest("/support", cookie))));
    expect(down.status).toBe(503);
  });
});

describe("/support, the provider's support link", () => {
  it("redirects to the provider's absolute support link, sending the token", async () => {
    provider.reply("/stock/success/kefu", { json: { msg: "ok", data: { url: "https://chat.example/room" } } });
    const response = await settle(() => supportLoader(args(getRequest("/support", cookie))));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("https://chat.example/room");
    expect(provider.calls[0]).toMatchObject({ path: "/stock/success/kefu", token: "tok" });
  });

  it("sends a visitor to log in, and shows a page when the provider has no link", async () => {
    const visitor = await settle(() => supportLoader(args(getRequest("/support"))));
    expect(visitor.headers.get("Location")).toBe("/login?redirectTo=%2Fsupport");
    expect(provider.calls).toEqual([]);

    provider.reply("/stock/success/kefu", { json: { msg: "no", data: { code: "not_found" } } });
    const none = await settle(() => supportLoader(args(getRequest("/support", cookie))));
    expect(none.status).toBe(404);
  });
});

/**
 * The customer-service chat (/customer-service; docs/product.md#support): the send form (validation messages,
 * POST/redirect/GET, the fetcher's data reply, a send whose reply never came) and the conversation. The provider
 * scripted; the chat's poll: app/routes/resources.chat.test.ts.
 */
import { createElement } from "react";
import { describe, expect, it, vi } from "vitest";

vi.mock("@remix-run/react", async () => (await import("~/testing/markup")).remixStandIns);

import { getToast } from "~/session/toast.server";
import { renderScreen } from "~/testing/markup";
import {
  formRequest,
  getRequest,
  no,
  ok,
  type ReplyJson,
  SCRIPTED_CHAT_MESSAGES,
  settle,
  useScriptedProvider,
} from "~/testing/route-harness";

import { ChatThread } from "./ChatThread";
import { action as chatAction, loader as chatLoader, type ChatPageData } from "./route";
import common from "../../../locales/en/common.json";
import security from "../../../locales/en/security.json";
import support from "../../../locales/en/support.json";

const { provider, session } = useScriptedProvider({ token: "tok" });

const args = (request: Request) => ({ request, params: {}, context: {} });
const KEY = "chat-key-0001";
const send = (fields: Record<string, string>) =>
  settle(() =>
    chatAction(args(formRequest("/customer-service", { idempotency_key: KEY, ...fields }, { cookie: session.cookie }))),
  );

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
      chatAction(args(formRequest("/customer-service", { message: "Hi" }, { cookie: session.cookie }))),
    );
    expect(((await keyless.json()) as ReplyJson).result.error).toEqual({
      idempotency_key: ["Your message was not sent. Please try again."],
    });
    expect(provider.calls).toEqual([]);
  });

  it("a plain post sends the trimmed text and redirects back to the chat with a toast (POST/redirect/GET)", async () => {
    provider.reply("/stock/success/user_message/send", {
      json: ok({ ...SCRIPTED_CHAT_MESSAGES[1], id: 13, content: "Thanks" }),
    });
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
    provider.reply("/stock/success/user_message/list-message", {
      json: ok({ rows: SCRIPTED_CHAT_MESSAGES, count: 2 }),
    });
    const response = await chatLoader(args(getRequest("/customer-service", session.cookie)));
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
    const off = (await (
      await chatLoader(args(getRequest("/customer-service", session.cookie)))
    ).json()) as ChatPageData;
    expect(off).toMatchObject({ chatEnabled: false, otherSupport: true });
  });
});

describe("chat: the markup", () => {
  it("writes each message's date and time as every other screen does (issue 38)", () => {
    const conversation = {
      messages: [
        { id: 11, from: "customer" as const, text: "Where is my withdrawal?", time: "2026-11-23T10:00:00.000Z" },
        { id: 12, from: "operator" as const, text: "Hello, how can we help?", time: "2026-11-23T18:45:00.000Z" },
      ],
      total: 2,
      stale: false,
      lastRead: Date.parse("2026-11-23T18:46:00.000Z"),
      announcement: "",
    };
    const html = renderScreen(
      () => createElement(ChatThread, { conversation }),
      "/customer-service",
      {},
      {
        resources: { common, security, support },
      },
    );
    const times = Array.from(html.matchAll(/<time dateTime="([^"]+)">(.*?)<\/time>/g), (m) => [
      m[1],
      m[2].replace(/<!-- -->/g, ""),
    ]);
    // The deployment's time zone (INR: India), as on the records, devices and IPO screens.
    expect(times).toEqual([
      ["2026-11-23T10:00:00.000Z", "23 Nov 2026, 3:30 pm"],
      ["2026-11-23T18:45:00.000Z", "24 Nov 2026, 12:15 am"],
    ]);
  });
});

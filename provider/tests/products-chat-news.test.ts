import { describe, expect, it } from "vitest";

import { loginDemo } from "../testing";
import { newBuyer, newKey, OPERATOR, operator, useInProcessProvider } from "./helpers";

/* Support link, customer-service chat and news publishing (docs/decisions/0134). */
const AT = new Date("2026-11-20T09:15:00Z");
const p = useInProcessProvider({ now: () => AT });
const op = operator(p);

describe("support link", () => {
  it("answers the route of the in-app chat and whether chat is enabled (config chat_enabled)", async () => {
    const t = await newBuyer(p, "0", null);
    expect((await t.call("/stock/success/kefu")).body).toEqual({
      msg: "ok",
      data: { url: "/customer-service", chat_enabled: true },
    });
    await p.call("/api/operator/config", { headers: OPERATOR, body: { tag: "chat_enabled", value: "0" } });
    expect((await t.call("/stock/success/kefu")).body.data).toEqual({ url: "/customer-service", chat_enabled: false });
    await p.call("/api/operator/config", { headers: OPERATOR, body: { tag: "chat_enabled", value: "1" } });
    expect((await p.call("/api/stock/success/kefu")).body).toEqual({ msg: "logout" });
  });

  it("with unread=1 and the chat on, the unread count comes with the link (docs/decisions/0540)", async () => {
    const t = await newBuyer(p, "0", null);
    const link = (query: string) => t.call(`/stock/success/kefu${query}`);
    await op.reply(t.phone, "Hello from support.");
    await op.reply(t.phone, "Anything else?");
    expect((await link("?unread=1")).body).toEqual({
      msg: "ok",
      data: { url: "/customer-service", chat_enabled: true, unread_count: 2 },
    });
    expect((await link("?unread=0")).body.data).toEqual({ url: "/customer-service", chat_enabled: true });
    await p.call("/api/operator/config", { headers: OPERATOR, body: { tag: "chat_enabled", value: "0" } });
    expect((await link("?unread=1")).body.data).toEqual({ url: "/customer-service", chat_enabled: false });
    await p.call("/api/operator/config", { headers: OPERATOR, body: { tag: "chat_enabled", value: "1" } });
    expect((await link("?unread=yes")).body).toMatchObject({ msg: "no", data: { code: "invalid_input" } });
  });
});

describe("chat", () => {
  it("the demo customer has a seeded question and an unread operator reply; reading marks it read", async () => {
    const token = await loginDemo(p);
    const get = (path: string) => p.call(`/api/stock/success${path}`, { token });
    expect((await get("/user_message/unread-count")).body).toEqual({ msg: "ok", data: { unread_count: 1 } });
    const list = (await get("/user_message/list-message")).body.data;
    expect(list.count).toBe(2);
    expect(list.rows.map((m: any) => [m.sender, m.read, m.created_at])).toEqual([
      ["operator", false, "2026-10-31T23:10:00.000Z"],
      ["customer", true, "2026-10-31T23:00:00.000Z"],
    ]);
    expect(list.rows[1].content).toBe("Hello, how long does an IPO allotment usually take?");
    expect((await get("/user_message/unread-count")).body.data).toEqual({ unread_count: 0 });
    expect((await get("/user_message/list-message")).body.data.rows[0].read).toBe(true);
  });

  it("a customer writes, the operator replies, the unread count follows; nobody else sees the conversation", async () => {
    p.clock.set(AT);
    const t = await newBuyer(p, "0", null);
    const key = newKey();
    const sent = await t.call("/stock/success/user_message/send", {
      idempotency_key: key,
      content: "  Where is my IPO refund?  ",
    });
    expect(sent.body).toEqual({
      msg: "ok",
      data: {
        id: sent.body.data.id,
        sender: "customer",
        content: "Where is my IPO refund?",
        read: true,
        created_at: "2026-11-20T09:15:00.000Z",
        alert: null,
      },
    });
    // A resend after a lost reply: the same message, not a second one; the key with another text is refused.
    expect(
      (await t.call("/stock/success/user_message/send", { idempotency_key: key, content: "Where is my IPO refund?" }))
        .body,
    ).toEqual(sent.body);
    expect(
      (await t.call("/stock/success/user_message/send", { idempotency_key: key, content: "Another text" })).body.data,
    ).toMatchObject({
      code: "invalid_input",
      field: "idempotency_key",
    });
    expect((await op.pending()).chats).toContainEqual({
      id: sent.body.data.id,
      user: t.phone,
      content: "Where is my IPO refund?",
      created_at: "2026-11-20T09:15:00.000Z",
    });
    expect((await t.call("/stock/success/user_message/unread-count")).body.data).toEqual({ unread_count: 0 });

    p.clock.set(new Date(AT.getTime() + 60_000));
    const reply = await op.reply(t.phone, "It was returned to your wallet this morning.");
    expect(reply.body.data).toMatchObject({
      user: t.phone,
      sender: "operator",
      read: false,
      created_at: "2026-11-20T09:16:00.000Z",
    });
    await op.reply(t.phone, "Anything else?");
    expect((await op.pending()).chats.map((c: any) => c.user)).not.toContain(t.phone);
    expect((await t.call("/stock/success/user_message/unread-count")).body.data).toEqual({ unread_count: 2 });

    // Page 2 of one message: the oldest; reading it leaves the newer replies unread.
    const oldest = (await t.call("/stock/success/user_message/list-message?page=3&limit=1")).body.data;
    expect(oldest).toMatchObject({ count: 3, rows: [{ sender: "customer" }] });
    expect((await t.call("/stock/success/user_message/unread-count")).body.data).toEqual({ unread_count: 2 });
    const page = (await t.call("/stock/success/user_message/list-message")).body.data;
    expect(page.rows.map((m: any) => [m.content, m.read])).toEqual([
      ["Anything else?", false],
      ["It was returned to your wallet this morning.", false],
      ["Where is my IPO refund?", true],
    ]);
    expect((await t.call("/stock/success/user_message/unread-count")).body.data).toEqual({ unread_count: 0 });

    const conversation = (await p.call(`/api/operator/chat?user=${t.phone}`, { headers: OPERATOR })).body.data;
    expect(conversation.rows.map((m: any) => m.sender)).toEqual(["customer", "operator", "operator"]);

    const other = await newBuyer(p, "0", null);
    expect((await other.call("/stock/success/user_message/list-message")).body.data).toEqual({ rows: [], count: 0 });
    expect((await other.call("/stock/success/user_message/unread-count")).body.data).toEqual({ unread_count: 0 });
  });

  it("takes 1..1000 characters of text, no NUL, at most 10 messages a minute", async () => {
    p.clock.set(AT);
    const t = await newBuyer(p, "0", null);
    for (const content of ["", "   ", "x".repeat(1001), 5, null]) {
      expect(
        (await t.call("/stock/success/user_message/send", { idempotency_key: newKey(), content })).body.data,
        String(content).slice(0, 10),
      ).toMatchObject({
        code: "invalid_input",
        field: "content",
      });
    }
    expect(
      (await t.call("/stock/success/user_message/send", { idempotency_key: newKey(), content: "a\u0000b" })).body.data,
    ).toEqual({
      code: "invalid_input",
      field: "content",
      message: "text must not contain NUL (U+0000) characters",
    });
    // 1000 characters that are 2000 UTF-16 units: counted as characters.
    expect(
      (await t.call("/stock/success/user_message/send", { idempotency_key: newKey(), content: "😀".repeat(1000) })).body
        .msg,
    ).toBe("ok");
    expect(
      (await t.call("/stock/success/user_message/send", { idempotency_key: newKey(), content: "<b>kept as typed</b>" }))
        .body.data.content,
    ).toBe("<b>kept as typed</b>");
    for (let i = 0; i < 8; i++)
      expect(
        (await t.call("/stock/success/user_message/send", { idempotency_key: newKey(), content: `m${i}` })).body.msg,
      ).toBe("ok");
    expect(
      (await t.call("/stock/success/user_message/send", { idempotency_key: newKey(), content: "one more" })).body.data,
    ).toMatchObject({ code: "too_many_requests", field: "content" });
    p.clock.set(new Date(AT.getTime() + 61_000));
    expect(
      (await t.call("/stock/success/user_message/send", { idempotency_key: newKey(), content: "one more" })).body.msg,
    ).toBe("ok");
    expect((await op.reply("5550000000", "hello")).body.data).toMatchObject({ code: "not_found", field: "user" });
    expect((await op.reply(t.phone, " ")).body.data).toMatchObject({ code: "invalid_input", field: "content" });
  });
});

describe("news", () => {
  it("keeps the seeded articles; the one carrying a script and an onerror handler is stored exactly as given", async () => {
    const t = await newBuyer(p, "0", null);
    const list = (await t.call("/stock/new/list?limit=10")).body.data;
    expect(list.count).toBe(7);
    const unsafe = list.rows.find((n: any) => n.title === "Weekly wrap: banks and IT lead, metals lag");
    const article = (await t.call(`/stock/new/index?id=${unsafe.id}`)).body.data;
    expect(article.content).toContain('<script>document.body.dataset.pwned = "script"</script>');
    expect(article.content).toContain("onerror=");
    expect(article.content).toContain('href="javascript:alert(1)"');
  });

  it("the operator publishes an article once (by its slug); the HTML is not rewritten", async () => {
    p.clock.set(new Date("2026-11-22T08:00:00Z"));
    const content = '<p>Allotment for <strong>ETERNAL</strong> is done.</p><img src="x" onerror="alert(1)">';
    const published = await op.news({
      title: "IPO allotment: Eternal Ltd",
      subhead: "Shares are in customers' positions.",
      content,
    });
    expect(published.body).toEqual({
      msg: "ok",
      data: {
        id: published.body.data.id,
        slug: "ipo-allotment-eternal-ltd",
        title: "IPO allotment: Eternal Ltd",
        subhead: "Shares are in customers' positions.",
        img: "",
        content,
        created_at: "2026-11-22T08:00:00.000Z",
        updated_at: "2026-11-22T08:00:00.000Z",
      },
    });
    expect((await op.news({ title: "IPO allotment: Eternal Ltd", content: "<p>again</p>" })).body.data).toEqual({
      code: "already_processed",
      message: "an article with the slug ipo-allotment-eternal-ltd exists",
      field: "slug",
    });
    const t = await newBuyer(p, "0", null);
    expect((await t.call("/stock/new/list?limit=20")).body.data.rows[0]).toMatchObject({
      id: published.body.data.id,
      title: "IPO allotment: Eternal Ltd",
    });
    expect((await t.call(`/stock/new/index?id=${published.body.data.id}`)).body.data.content).toBe(content);
    for (const title of ["", "1e3", "News"]) {
      expect((await op.news({ title, content: "<p>x</p>" })).body.data, title).toMatchObject({
        code: "invalid_input",
        field: "title",
      });
    }
    expect((await op.news({ title: "No body" })).body.data).toMatchObject({ code: "invalid_input", field: "content" });
    p.clock.set(AT);
  });
});

import { describe, expect, it } from "vitest";

import { expectLedgerBalanced, newBuyer, newKey, useOperatorCli } from "./helpers";

/* The operator CLI's product verbs against a provider on a real socket (each run starts tsx: kept few). */
const AT = new Date("2026-11-20T09:15:00Z");
const { p, cli } = useOperatorCli({ now: () => AT });

describe("operator CLI: products", () => {
  it(
    "lists waiting IPO applications and chats, allots, rejects, replies, creates an offer and matures funds",
    { timeout: 180_000 },
    async () => {
      const t = await newBuyer(p, "1000000.00", null);
      const apply = (id: number, tag: string, count: number) =>
        t
          .call("/stock/success/ipo/buy", { id, tag, count, idempotency_key: newKey() })
          .then((r) => r.body.data.id as number);
      const partly = await apply(1, "ETERNAL.BO", 200);
      const refused = await apply(5, "NFLX", 100);
      await t.call("/stock/success/user_message/send", {
        content: "Is my application through?",
        idempotency_key: newKey(),
      });

      const list = await cli("list");
      expect(list.code).toBe(0);
      // One heading line per kind, each saying "waiting" once (issue 38: "Chats waiting for a reply waiting: 1").
      expect(list.out.split("\n").filter((line) => !line.startsWith(" "))).toEqual([
        "Recharges waiting: 1",
        "Withdrawals waiting: 0",
        "Bank cards waiting: 0",
        "Real-name (KYC) waiting: 0",
        "Loans waiting: 0",
        "IPO applications waiting: 2",
        "Chats waiting for a reply: 1",
      ]);
      expect(list.out).toContain(
        `ipo application #${partly}  ${t.phone}  200 ETERNAL.BO @ 295.00  held 59000.00  2026-11-20 09:15:00`,
      );
      expect(list.out).toContain(`ipo application #${refused}  ${t.phone}  100 NFLX @ 104.00  held 919887.28`);
      expect(list.out).toContain(`chat  ${t.phone}  "Is my application through?"  2026-11-20 09:15:00`);

      expect(await cli("allot", String(partly), "150")).toEqual({
        code: 0,
        out: `allotted: ipo application #${partly}  200 ETERNAL.BO @ 295.00  held 59000.00  allotted 150  2026-11-20 09:15:00; returned 14750.00`,
      });
      expect(await cli("allot", String(partly), "150")).toMatchObject({
        code: 1,
        out: expect.stringContaining("already_processed"),
      });
      expect(await cli("reject", "ipo", String(refused), "Oversubscribed")).toMatchObject({
        code: 0,
        out: expect.stringContaining(`rejected: ipo application #${refused}`),
      });
      expect(
        (await t.call("/stock/success/ipo/list")).body.data.rows.map((r: any) => [r.id, r.status, r.reason]),
      ).toEqual([
        [refused, 3, "Oversubscribed"],
        [partly, 2, null],
      ]);
      expect(await expectLedgerBalanced(p, t.id)).toBe("955750.00");

      expect(await cli("reply", t.phone, "Yes:", "150", "shares", "allotted.")).toMatchObject({
        code: 0,
        out: expect.stringMatching(new RegExp(`^replied to ${t.phone} \\(message #\\d+\\)$`)),
      });
      expect((await t.call("/stock/success/user_message/list-message")).body.data.rows[0]).toMatchObject({
        sender: "operator",
        content: "Yes: 150 shares allotted.",
      });

      const offer = await cli("offer", "create", "finalize", "NVDA", "170.00", "200", "--needs-rate");
      expect(offer).toMatchObject({
        code: 0,
        out: expect.stringMatching(
          /^offer #\d+ finalize NVDA @ 170\.00, min 200, open until 2026-11-27T09:15:00\.000Z, needs an exchange rate$/,
        ),
      });
      expect(await cli("mature")).toEqual({ code: 0, out: "matured: 0" });
    },
  );
});

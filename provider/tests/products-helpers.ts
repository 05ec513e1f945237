import type { TestProvider } from "../testing";
import { newTrader, OPERATOR } from "./trading-helpers";

/* Helpers of the products tests (block trades / QIP, IPO, funds, chat and news). */

export const TX_PASSWORD = "246810";

/** Operator calls of the products (ids in the body). */
export function productOperator(p: TestProvider) {
  const post = (path: string, body: unknown = {}) => p.call(`/api/operator${path}`, { headers: OPERATOR, body });
  return {
    post,
    createOffer: (body: Record<string, unknown>) => post("/offers", body),
    closeOffer: (id: number) => post("/offers/close", { id }),
    setRate: (id: number, rate: string) => post("/offers/rate", { id, rate }),
    createIpo: (body: Record<string, unknown>) => post("/ipos", body),
    ipoStatus: (id: number, status: string) => post("/ipos/status", { id, status }),
    allot: (id: number, count: number) => post("/ipo-applications/allot", { id, count }),
    approveIpo: (id: number) => post(`/ipo/${id}/approve`),
    rejectIpo: (id: number, reason?: string) => post(`/ipo/${id}/reject`, reason ? { reason } : {}),
    createFund: (body: Record<string, unknown>) => post("/funds", body),
    cancelFundOrder: (id: number) => post("/fund-orders/cancel", { id }),
    mature: () => post("/funds/mature"),
    news: (body: Record<string, unknown>) => post("/news", body),
    reply: (user: string, content: string) => post("/chat/reply", { user, content }),
    pending: async () => (await p.call("/api/operator/pending", { headers: OPERATOR })).body.data,
  };
}

/** A fresh customer with money and (unless `password` is null) a transaction password. */
export async function newBuyer(p: TestProvider, amount = "100000.00", password: string | null = TX_PASSWORD) {
  const t = await newTrader(p, amount);
  if (password) {
    const set = await p.call("/api/stock/success/user/password/up", {
      token: t.token,
      body: { type: "transaction", fund_code_new: password, is_first: true },
    });
    if (set.body.msg !== "ok") throw new Error(`transaction password: ${JSON.stringify(set.body)}`);
  }
  const call = (path: string, body?: unknown) => p.call(`/api${path}`, { token: t.token, ...(body === undefined ? {} : { body }) });
  return { ...t, call };
}

/** The customer's bills, oldest first, as [type, amount, balance, kind, ref_type, ref_id]. */
export async function billLines(p: TestProvider, userId: number) {
  const rows = await p.db.selectFrom("bills").selectAll().where("user_id", "=", userId).orderBy("id").execute();
  return rows.map((b) => [b.type, b.amount, b.balance, b.kind, b.ref_type, b.ref_id]);
}

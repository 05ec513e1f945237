/**
 * Wallet calls (docs/provider-api.md "Wallet"): one typed function per endpoint, and the mappers from provider
 * rows to what the wallet screens show (docs/product.md#wallet). Money stays a decimal string throughout.
 */
import { fundOrderHref, ipoApplicationHref, loanRecordsHref, moneyRecordHref, orderRecordHref } from "~/utils/hrefs";

import { callProvider, callProviderIdempotent, callProviderPage, type ProviderContext } from "./core.server";
import { ID_TYPES, type IdType } from "./id-types";
import type { ConfigEntry } from "./trading.server";
import { providerFetch } from "./transport.server";

/* ---------------------------------------------------------------- rows as the provider sends them */

export interface UserInfo {
  user: string;
  no: number | string;
  img: string;
  total: string;
  money: string;
  loan: string;
  /**
   * The customer's own settings by the provider's name (`withdraw_limit: "5000.00"`), null: not set; absent from a
   * provider without them (docs/provider-api.md, "Customer settings").
   */
  settings?: Record<string, string | null>;
  market_value: string;
  /** Money that is the customer's but not available: the sum of `holds`. */
  held: string;
  /** What holds it (absent from a provider that names no parts: the screen then shows only `held`). */
  holds?: Partial<WalletHolds>;
}

/** The parts of the money held (docs/product.md#wallet), in the order the account card lists them. */
export const HOLD_KINDS = ["ipo", "funds", "withdrawals", "orders"] as const;
export type HoldKind = (typeof HOLD_KINDS)[number];
export type WalletHolds = Record<HoldKind, string>;

export type BillType = "all" | "income" | "expense";

export interface BillRow {
  id: number;
  type: "income" | "expense";
  amount: string;
  balance: string;
  reason: string;
  kind: string;
  ref_type: "order" | "recharge" | "withdraw" | "loan" | "ipo" | "fund" | null;
  ref_id: string | number | null;
  created_at: string;
}

export type RechargeStatus = 1 | 2 | 3;
export type WithdrawStatus = "n" | "y" | "b";
export type TransferState = "pending" | "completed" | "failed";

export interface TransferRow {
  id: number;
  type: "recharge" | "withdraw";
  count: string;
  status: RechargeStatus | WithdrawStatus;
  state: TransferState;
  reason: string | null;
  created_at: string;
  updated_at: string;
  processed_at: string | null;
  bank_id?: number;
  card?: { bank: string; bank_card: string; bank_user: string; ifsc: string };
}

export type CardStatus = 0 | 1 | 2;

export interface CardRow {
  id: number;
  bank: string;
  type: string;
  branch_bank: string;
  bank_card: string;
  bank_user: string;
  ifsc: string;
  status: CardStatus;
  reason: string | null;
  created_at: string;
  updated_at: string;
}

export { ID_TYPES, type IdType };

export interface KycRow {
  id: number | null;
  status: 1 | 2 | 3 | null;
  real_name: string | null;
  id_type: IdType | null;
  id_number: string | null;
  id_number_img: string | null;
  id_number_img_two: string | null;
  reason: string | null;
  created_at: string | null;
  updated_at: string | null;
}

export interface UploadReply {
  id: string;
  url: string;
  mime: string;
  size: number;
  width: number;
  height: number;
}

export interface LoanSummaryRow {
  amountDue: string;
  creditScore: number;
  remainingAmount: string;
  creditLimit: string;
  applying: string;
}

/** 0 "not applied" is the app's own state; 2 "approved" passes through inside the approval (decision 0072). */
export type LoanState = 0 | 1 | 2 | 3 | 4 | 5;

export interface LoanRow {
  id: number;
  count: string;
  state: LoanState;
  repayment_time: string | null;
  reason: string | null;
  created_at: string;
  updated_at: string;
  repaid_at: string | null;
}

/* ---------------------------------------------------------------- calls */

export const getUserInfo = (ctx: ProviderContext) =>
  callProvider<UserInfo>(ctx, { path: "/stock/success/v2/user/info" });

export function getBills(ctx: ProviderContext, params: { type: BillType; page: number }) {
  return callProviderPage<BillRow>(ctx, "/stock/success/v2/bill", { type: params.type, page: params.page });
}

/**
 * Saves one of the customer's own settings by the provider's name (`withdraw_limit`), or removes it with null; a
 * refusal names the field `value` (docs/provider-api.md, "Customer settings"). One function for every setting.
 */
export const saveCustomerSetting = (ctx: ProviderContext, name: string, value: string | number | null) =>
  callProvider<{ value: string | null }>(ctx, {
    path: `/stock/success/user/settings/${encodeURIComponent(name)}`,
    method: "POST",
    body: { value },
  });

/** Money requests carry the form's idempotency key: a lost reply is asked again and replayed (decision 0120). */
export function requestRecharge(ctx: ProviderContext, input: { count: string; idempotencyKey: string }) {
  return callProviderIdempotent<TransferRow>(ctx, {
    path: "/stock/success/v2/recharge/add",
    method: "POST",
    body: { count: input.count, idempotency_key: input.idempotencyKey },
  });
}

export function requestWithdrawal(
  ctx: ProviderContext,
  input: { bankId: number; count: string; idempotencyKey: string; code?: string },
) {
  return callProviderIdempotent<TransferRow>(ctx, {
    path: "/stock/success/money/access",
    method: "POST",
    // `code`: the second factor when two-factor is on (a retry with the same key replays without one).
    body: {
      bank_id: input.bankId,
      count: input.count,
      idempotency_key: input.idempotencyKey,
      ...(input.code ? { code: input.code } : {}),
    },
  });
}

export function getRecharges(ctx: ProviderContext, page: number) {
  return callProviderPage<TransferRow>(ctx, "/stock/success/property/list", { page });
}

export function getWithdrawals(ctx: ProviderContext, page: number) {
  return callProviderPage<TransferRow>(ctx, "/stock/success/property/withdraw", { page });
}

export function getTransfer(ctx: ProviderContext, id: number) {
  return callProvider<TransferRow>(ctx, { path: `/stock/success/recharge-withdraw/${id}` });
}

export function getBankCards(ctx: ProviderContext, params: { status?: CardStatus } = {}) {
  return callProvider<CardRow[]>(ctx, { path: "/stock/success/bank/list", query: { status: params.status } });
}

export interface CardInput {
  bank: string;
  bank_card: string;
  bank_user: string;
  ifsc: string;
  branch_bank?: string;
}

/** `code` (in the input): the second factor when two-factor is on (docs/provider-api.md "Two-factor and devices"). */
export function addBankCard(ctx: ProviderContext, input: CardInput & { code?: string }) {
  return callProvider<CardRow>(ctx, { path: "/stock/success/bank/add", method: "POST", body: input });
}

export function editBankCard(ctx: ProviderContext, input: CardInput & { id: number; code?: string }) {
  return callProvider<CardRow>(ctx, { path: "/stock/success/bank/edit", method: "POST", body: input });
}

export const getKycState = (ctx: ProviderContext) =>
  callProvider<KycRow>(ctx, { path: "/stock/success/autonomy/state" });

export function submitKyc(
  ctx: ProviderContext,
  input: { real_name: string; id_type: IdType; id_number: string; id_number_img: string; id_number_img_two: string },
) {
  return callProvider<KycRow>(ctx, { path: "/stock/success/autonomy/add", method: "POST", body: input });
}

/** POST /upload, multipart field `file`: the provider decodes, re-encodes and keeps the image (decision 0071). */
export function uploadImage(ctx: ProviderContext, file: Blob, name = "photo") {
  const form = new FormData();
  form.append("file", file, name);
  return callProvider<UploadReply>(ctx, { path: "/stock/success/upload", multipart: form });
}

/**
 * The bytes of one of the customer's uploads (GET /upload/{id} with their token), or null when the provider
 * does not hand them over (not theirs, unknown, session ended). Never a provider URL for the browser.
 */
export interface UploadImage {
  bytes: ArrayBuffer;
  type: string;
}

export async function getUploadImage(ctx: ProviderContext, id: string): Promise<UploadImage | null> {
  const headers = new Headers({ Accept: "image/*" });
  if (ctx.token) headers.set("token", ctx.token);
  const response = await providerFetch(`/stock/success/upload/${encodeURIComponent(id)}`, { headers });
  const type = response.headers.get("content-type") ?? "";
  if (!response.ok || !type.startsWith("image/")) return null;
  return { bytes: await response.arrayBuffer(), type };
}

export const getLoanSummary = (ctx: ProviderContext) =>
  callProvider<LoanSummaryRow>(ctx, { path: "/stock/success/loans/data" });

export function applyForLoan(ctx: ProviderContext, input: { count: string; idempotencyKey: string }) {
  return callProviderIdempotent<LoanRow>(ctx, {
    path: "/stock/success/loans/add",
    method: "POST",
    body: { count: input.count, idempotency_key: input.idempotencyKey },
  });
}

export function getLoans(ctx: ProviderContext, page: number) {
  return callProviderPage<LoanRow>(ctx, "/stock/success/loans/list", { page });
}

/* ---------------------------------------------------------------- view models */

/** The account card's figures: total assets = available + held + the positions' market value (docs/product.md#wallet). */
export interface WalletFigures {
  total: string;
  money: string;
  held: string;
  /** The parts of `held` that are not zero, in {@link HOLD_KINDS} order. */
  holds: { kind: HoldKind; amount: string }[];
  loan: string;
}

const isZero = (amount: string) => /^0*(\.0*)?$/.test(amount);

export const walletFigures = (info: UserInfo): WalletFigures => ({
  total: info.total,
  money: info.money,
  held: info.held ?? "0.00",
  holds: HOLD_KINDS.flatMap((kind) => {
    const amount = info.holds?.[kind];
    return typeof amount === "string" && !isZero(amount) ? [{ kind, amount }] : [];
  }),
  loan: info.loan,
});

/** What the wallet screens read from the provider's configuration (docs/product.md#recharge, #withdraw, #loans). */
export interface WalletSettings {
  minRecharge: string;
  /** Already max(10, configured minimum) (docs/product.md#withdraw). */
  minWithdraw: string;
  minLoan: string;
  /** Wallet units per US dollar for the approximate converted amount (docs/product.md#currency), default 20. */
  convertRate: string;
}

const WITHDRAW_FLOOR = 10;
const DEFAULTS = { min_recharge_count: "5000", min_withdraw_count: "100", min_loan_count: "500", convert_rate: "20" };

/** A whole non-negative amount from the config (its decimals dropped upward), else the default. */
function configValue(entries: ConfigEntry[], tag: keyof typeof DEFAULTS): string {
  const raw = entries.find((entry) => entry.tag === tag)?.value?.trim() ?? "";
  return /^(0|[1-9][0-9]{0,11})(\.[0-9]+)?$/.test(raw) ? raw : DEFAULTS[tag];
}

const ceilWhole = (value: string) => {
  const [whole, fraction = ""] = value.split(".");
  return /[1-9]/.test(fraction) ? String(BigInt(whole) + 1n) : whole;
};

export function walletSettings(entries: ConfigEntry[]): WalletSettings {
  const withdraw = ceilWhole(configValue(entries, "min_withdraw_count"));
  return {
    minRecharge: ceilWhole(configValue(entries, "min_recharge_count")),
    minWithdraw: BigInt(withdraw) > BigInt(WITHDRAW_FLOOR) ? withdraw : String(WITHDRAW_FLOOR),
    minLoan: ceilWhole(configValue(entries, "min_loan_count")),
    convertRate: configValue(entries, "convert_rate"),
  };
}

/** A bill row: why the balance moved and a link to what caused it (docs/product.md#wallet). */
export interface BillFigures {
  id: number;
  type: "income" | "expense";
  amount: string;
  balance: string;
  /**
   * The cause as the provider names it (docs/provider-api.md "BillRow"); one the screen has no words for shows
   * "Other".
   */
  kind: string;
  /** The order number, or the recharge/withdrawal, loan, IPO application or fund order id the row names, for its link's text. */
  ref: string | null;
  href: string | null;
  time: string;
}

function billHref(row: BillRow): string | null {
  if (row.ref_id === null || row.ref_id === undefined) return null;
  switch (row.ref_type) {
    case "order":
      return orderRecordHref(String(row.ref_id));
    case "recharge":
    case "withdraw":
      return moneyRecordHref(row.ref_id);
    case "loan":
      return loanRecordsHref();
    case "ipo":
      return ipoApplicationHref(row.ref_id);
    case "fund":
      return fundOrderHref(row.ref_id);
    default:
      return null;
  }
}

export function billFigures(row: BillRow): BillFigures {
  return {
    id: row.id,
    type: row.type,
    amount: row.amount,
    balance: row.balance,
    kind: row.kind,
    ref: row.ref_id === null || row.ref_id === undefined ? null : String(row.ref_id),
    href: billHref(row),
    time: row.created_at,
  };
}

/** A recharge or a withdrawal as the records and the details screen show it. */
export interface TransferFigures {
  id: number;
  type: "recharge" | "withdraw";
  amount: string;
  /** The contract's code (docs/provider-api.md: recharge 1/2/3, withdraw n/y/b) and the same as a word. */
  status: RechargeStatus | WithdrawStatus;
  state: TransferState;
  reason: string | null;
  time: string;
  processedAt: string | null;
  card: { bank: string; number: string; holder: string; ifsc: string } | null;
}

export function transferFigures(row: TransferRow): TransferFigures {
  return {
    id: row.id,
    type: row.type,
    amount: row.count,
    status: row.status,
    state: row.state,
    reason: row.reason,
    time: row.created_at,
    processedAt: row.processed_at,
    card: row.card
      ? { bank: row.card.bank, number: row.card.bank_card, holder: row.card.bank_user, ifsc: row.card.ifsc }
      : null,
  };
}

export interface CardFigures {
  id: number;
  bank: string;
  number: string;
  /** The last four digits, for lists and the withdraw choice. */
  last4: string;
  holder: string;
  ifsc: string;
  branch: string;
  status: CardStatus;
  reason: string | null;
}

export function cardFigures(row: CardRow): CardFigures {
  return {
    id: row.id,
    bank: row.bank,
    number: row.bank_card,
    last4: row.bank_card.slice(-4),
    holder: row.bank_user,
    ifsc: row.ifsc,
    branch: row.branch_bank,
    status: row.status,
    reason: row.reason,
  };
}

/** The app's address of an upload (the provider's `url` or id), or null: `/resources/kyc-image/{id}`. */
export function uploadId(reference: string | null): string | null {
  const id = reference?.match(/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i)?.[1];
  return id ?? null;
}

export interface KycFigures {
  status: 1 | 2 | 3 | null;
  /** Under review (1) or approved (2): read-only with a stamp (docs/product.md#real-name). */
  locked: boolean;
  realName: string;
  idType: IdType;
  idNumber: string;
  front: string | null;
  back: string | null;
  reason: string | null;
}

export function kycFigures(row: KycRow): KycFigures {
  return {
    status: row.status,
    locked: row.status === 1 || row.status === 2,
    realName: row.real_name ?? "",
    idType: row.id_type && (ID_TYPES as readonly string[]).includes(row.id_type) ? row.id_type : "idCard",
    idNumber: row.id_number ?? "",
    front: uploadId(row.id_number_img),
    back: uploadId(row.id_number_img_two),
    reason: row.reason,
  };
}

export interface LoanFigures {
  id: number;
  amount: string;
  state: LoanState;
  repaymentTime: string | null;
  reason: string | null;
  time: string;
}

export function loanFigures(row: LoanRow): LoanFigures {
  return {
    id: row.id,
    amount: row.count,
    state: row.state,
    repaymentTime: row.repayment_time,
    reason: row.reason,
    time: row.created_at,
  };
}

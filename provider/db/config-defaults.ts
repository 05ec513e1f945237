/**
 * Default values of the `config` table (seeded once; the operator changes them with `npm run operator -- config`).
 * Every tag here is numeric (a non-negative decimal string). Order = the order GET /api/v2/config lists them in.
 */
export const CONFIG_DEFAULTS = [
  { tag: "min_withdraw_count", value: "100" },
  { tag: "min_recharge_count", value: "5000" },
  { tag: "min_loan_count", value: "500" },
  { tag: "fee_rate", value: "0.0003" },
  { tag: "convert_rate", value: "20" },
  { tag: "chat_enabled", value: "1" },
  /** Most a customer may owe plus have under review at once. */
  { tag: "loan_limit", value: "50000" },
  /** Days from approval to the loan's repayment_time. */
  { tag: "loan_term_days", value: "30" },
] as const;

export type ConfigTag = (typeof CONFIG_DEFAULTS)[number]["tag"];
export const CONFIG_TAGS = CONFIG_DEFAULTS.map((e) => e.tag) as ConfigTag[];

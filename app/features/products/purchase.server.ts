/**
 * What every product purchase's Confirm gives the kit's `submitToProvider` and `refuse` (docs/product.md#block-trading,
 * #ipo, #funds, #networks; decisions 0101, 0135, 0200): the reply is for the review's form (`confirm`), the
 * transaction password is never echoed back, and no answer at all is an unknown outcome (503) in the products' words,
 * never a failure; confirming again with the same key can only replay the purchase. A refusal about the transaction
 * password (wrong, not set, too many tries) lands on its field (docs/decisions/0073).
 */
import { formatInteger, formatMarketMoney, formatMoney, type FormatContext } from "~/i18n/format";
import type { Toast } from "~/session/toast";
import type { UserRequestContext } from "~/utils/request.server";

export const PASSWORD_REFUSALS = {
  codeFields: { password_no: "stock_password", password_not_set: "stock_password" },
  inputFields: { stock_password: "stock_password" },
};

export const purchaseConfirm = (t: UserRequestContext["t"]) => ({
  form: "confirm",
  hideFields: ["stock_password"],
  unknownOutcome: t("products:review.outcomeUnknown"),
});

/**
 * The toast after a purchase of `row.count` of `product`: `keys.plain` with the quantity (`qty`), the symbol (`symbol`)
 * and `amounts` in the product's market money; for a purchase in another currency than the wallet's, `keys.converted`
 * with what the wallet paid (`wallet`) and the rate the provider applied, in words (`rate`), as well
 * (docs/decisions/0191, 0300): all from the row the provider answered with, never the review's estimate.
 */
export function purchaseToast(
  fmt: FormatContext,
  keys: { plain: string; converted: string },
  product: { display: string; market: string },
  row: { count: number; wallet_amount?: string | null },
  amounts: Record<string, string>,
  rate: string | null,
): Toast {
  const values: Record<string, string> = { qty: formatInteger(row.count, fmt), symbol: product.display };
  for (const [name, amount] of Object.entries(amounts)) values[name] = formatMarketMoney(amount, fmt, product.market);
  if (!rate || !row.wallet_amount) return { key: keys.plain, values };
  return { key: keys.converted, values: { ...values, wallet: formatMoney(row.wallet_amount, fmt), rate } };
}

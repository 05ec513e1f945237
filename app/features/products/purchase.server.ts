/**
 * What every product purchase's Confirm gives the kit's `submitToProvider` and `refuse` (docs/product.md#block-trading,
 * #ipo, #funds, #networks; decisions 0101, 0135, 0200): the reply is for the review's form (`confirm`), the
 * transaction password is never echoed back, and no answer at all is an unknown outcome (503) in the products' words,
 * never a failure; confirming again with the same key can only replay the purchase. A refusal about the transaction
 * password (wrong, not set, too many tries) lands on its field (docs/decisions/0073).
 */
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

/**
 * The Confirm of every product purchase (docs/product.md#block-trading, #ipo, #funds, #networks; decisions 0101,
 * 0135): success redirects to the orders with a toast (POST/redirect/GET); a business refusal stays on the review
 * with its translated message (on the transaction password field when it is about the password, which is never sent
 * back); no answer at all is an unknown outcome (HTTP 503), never a failure, and confirming again with the same key
 * can only replay the purchase.
 */
import { json } from "@remix-run/node";

import type { ActionReply } from "~/forms/reply";
import { classifyFailure, failureMessage, logFailure, type ProviderFailure } from "~/provider/failures.server";
import { redirectWithToast, type Toast } from "~/session/toast.server";
import type { UserRequestContext } from "~/utils/request.server";
import { NO_STORE } from "~/http/no-store";


/** A refusal about the transaction password (wrong, not set, too many tries) belongs on its field (docs/decisions/0073). */
const isPasswordRefusal = (failure: { code: string; field?: string }) =>
  failure.field === "stock_password" || failure.code === "password_no" || failure.code === "password_not_set";
/** The review's secret field: never echoed back in a reply. */
const SECRET_FIELDS = ["stock_password"];

interface Replyable {
  reply(options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] }): ActionReply["result"];
}

/** A refused Confirm whose own fields are wrong (400), without the password. */
export const refusedConfirm = (submission: Replyable, errors: { formErrors?: string[]; fieldErrors?: Record<string, string[]> } = {}) =>
  json<ActionReply>({ result: submission.reply({ ...errors, hideFields: SECRET_FIELDS }), form: "confirm" }, { status: 400 });

export async function confirmPurchase<T>(
  context: UserRequestContext,
  submission: Replyable,
  options: {
    where: string;
    call: () => Promise<T>;
    success: (result: T) => { to: string; toast: Toast };
    /** The screen's message for a refusal (docs/product.md#errors): the code's own words go with it when it has some. */
    failed: (failure: ProviderFailure) => string;
  },
): Promise<Response> {
  let result: T;
  try {
    result = await options.call();
  } catch (error) {
    const failure = classifyFailure(error);
    logFailure(options.where, failure);
    if (failure.kind === "unavailable") {
      return json<ActionReply>(
        { result: submission.reply({ formErrors: [context.t("products:review.outcomeUnknown")], hideFields: SECRET_FIELDS }), form: "confirm", outcome: "unknown" },
        { status: 503, headers: NO_STORE },
      );
    }
    if (isPasswordRefusal(failure)) {
      return refusedConfirm(submission, { fieldErrors: { stock_password: [failureMessage(context.t, failure, "products:errors.purchaseFailed")] } });
    }
    return refusedConfirm(submission, { formErrors: [options.failed(failure)] });
  }
  const { to, toast } = options.success(result);
  return redirectWithToast(to, toast);
}

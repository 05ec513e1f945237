/**
 * What the recharge, withdraw and loan actions share (docs/product.md#networks, docs/decisions/0101, 0123): the
 * amount form's refusal, the review's URL with a key minted once per intent, and the Confirm: success redirects
 * with a toast (POST/redirect/GET); a business failure stays on the review with its message; no answer at all is an
 * unknown outcome (HTTP 503), never a failure, and confirming again with the same key can only replay the request.
 */
import type { SubmissionResult } from "@conform-to/react";
import { json, redirect } from "@remix-run/node";

import { classifyFailure, failureMessage, logFailure } from "~/provider/failures.server";
import { redirectWithToast, type Toast } from "~/toast.server";
import type { UserRequestContext } from "~/utils/request.server";

/** Which part of the screen shows an action's reply: the amount form or the review's Confirm. */
export type MoneyReply = { result: SubmissionResult<string[]>; form: "amount" | "confirm"; outcome?: "unknown" };

const NO_STORE = { "Cache-Control": "private, no-store" };

interface Replyable {
  reply(options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }): SubmissionResult<string[]>;
}

/** The amount form's fields come back as typed, with their errors (400). */
export const refused = (result: SubmissionResult<string[]>) => json<MoneyReply>({ result, form: "amount" }, { status: 400 });

/** A new intent: its review URL, with the idempotency key minted here, once (decision 0101). */
export const toReview = (reviewHref: (key: string) => string) => redirect(reviewHref(crypto.randomUUID()));

export async function confirmMoneyRequest(
  context: UserRequestContext,
  submission: Replyable,
  options: {
    where: string;
    call: () => Promise<unknown>;
    success: { to: string; toast: Toast };
    /** The screen's own message for a code without one (docs/product.md#errors). */
    fallbackKey: string;
  },
): Promise<Response> {
  try {
    await options.call();
    return redirectWithToast(options.success.to, options.success.toast);
  } catch (error) {
    const failure = classifyFailure(error);
    logFailure(options.where, failure);
    if (failure.kind === "unavailable") {
      return json<MoneyReply>(
        { result: submission.reply({ formErrors: [context.t("wallet:review.outcomeUnknown")] }), form: "confirm", outcome: "unknown" },
        { status: 503, headers: NO_STORE },
      );
    }
    return json<MoneyReply>(
      { result: submission.reply({ formErrors: [failureMessage(context.t, failure, options.fallbackKey)] }), form: "confirm" },
      { status: 400 },
    );
  }
}

/**
 * What the recharge, withdraw and loan actions share (docs/product.md#networks, docs/decisions/0101, 0123): the
 * amount form's refusal, the review's URL with a key minted once per intent, and the Confirm: success redirects
 * with a toast (POST/redirect/GET); a business failure stays on the review with its message; no answer at all is an
 * unknown outcome (HTTP 503), never a failure, and confirming again with the same key can only replay the request.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, redirect, type ActionFunctionArgs, type TypedResponse } from "@remix-run/node";
import type { z } from "zod";

import { IDEMPOTENCY_KEY } from "~/forms/idempotency";
import { classifyFailure, failureMessage, logFailure } from "~/provider/failures.server";
import type { WalletSettings } from "~/provider/wallet.server";
import { requireSameOrigin } from "~/http/security.server";
import { redirectWithToast, type Toast } from "~/session/toast.server";
import { requireUserContext, type UserRequestContext } from "~/utils/request.server";

import { isBelow, isWholeAmount } from "./amounts";
import type { MoneyScreenName } from "./MoneyFormScreen";
import { loadWalletSettings } from "./settings.server";
import { NO_STORE } from "~/http/no-store";

/** Which part of the screen shows an action's reply: the amount form or the review's Confirm. */
export type MoneyReply = { result: SubmissionResult<string[]>; form: "amount" | "confirm"; outcome?: "unknown" };


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
): Promise<TypedResponse<MoneyReply>> {
  try {
    await options.call();
    return (await redirectWithToast(options.success.to, options.success.toast)) as TypedResponse<never>;
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

/** A money screen's route: its two schemas, the review's URL, where success goes and the provider call. */
export interface MoneyRoute<Review extends z.ZodTypeAny, Confirm extends z.ZodTypeAny> {
  schemas: { review: Review; confirm: Confirm };
  check?: (value: z.output<Review>) => Promise<Record<string, string[]> | null>;
  reviewHref: (value: z.output<Review>, key: string) => string;
  recordsHref: string;
  send: (value: z.output<Confirm>) => Promise<unknown>;
}

/**
 * A money screen's action: "Review" (the amount form) checks the fields (and `check`, e.g. the card is still
 * approved), then redirects to the review with a new key; "Confirm" checks the same fields plus the key and sends
 * the request with it. Success goes to the screen's records with `wallet:toast.<screen>Submitted`; a code without a
 * message of its own says `wallet:<screen>.failed`. The route's `action` is a function that calls this one: an
 * `export const action = …(…)` would stay in the browser build as a top-level call.
 */
export async function moneyAction<Review extends z.ZodTypeAny, Confirm extends z.ZodTypeAny>(
  { request }: ActionFunctionArgs,
  screen: MoneyScreenName,
  route: (context: UserRequestContext, settings: WalletSettings) => MoneyRoute<Review, Confirm>,
): Promise<TypedResponse<MoneyReply>> {
  requireSameOrigin(request);
  const context = await requireUserContext(request, "wallet");
  const options = route(context, await loadWalletSettings(context));
  const formData = await request.formData();
  if (formData.get("intent") !== "confirm") {
    const submission = parseWithZod(formData, { schema: options.schemas.review });
    if (submission.status !== "success") return refused(submission.reply());
    const problem = options.check ? await options.check(submission.value) : null;
    if (problem) return refused(submission.reply({ fieldErrors: problem }));
    return toReview((key) => options.reviewHref(submission.value, key));
  }
  const submission = parseWithZod(formData, { schema: options.schemas.confirm });
  if (submission.status !== "success") return refused(submission.reply());
  return confirmMoneyRequest(context, submission, {
    where: screen,
    call: () => options.send(submission.value),
    success: { to: options.recordsHref, toast: { key: `wallet:toast.${screen}Submitted` } },
    fallbackKey: `wallet:${screen}.failed`,
  });
}

/**
 * What a money screen's URL says: the amount typed (the form's starting value) and, for `step=review` with a key
 * and a whole amount from `minimum` up, the review (the route may ask more of it, e.g. the card).
 */
export function readMoneyStep(request: Request, minimum: string) {
  const query = new URL(request.url).searchParams;
  const amount = query.get("amount")?.slice(0, 20) ?? "";
  const key = query.get("key") ?? "";
  const reviewable = query.get("step") === "review" && IDEMPOTENCY_KEY.test(key) && isWholeAmount(amount) && !isBelow(amount, minimum);
  return { query, amount, review: reviewable ? { key, amount } : null };
}

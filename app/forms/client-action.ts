import type { SubmissionResult } from "@conform-to/react";
import type { ClientActionFunctionArgs, ShouldRevalidateFunction } from "@remix-run/react";

/** A submit the network lost (with JS): the amount form was not sent; a Confirm's outcome is unknown. */
export type ClientFailure = { clientFailure: "offline" | "unknown"; form: "amount" | "confirm" };

/**
 * The money screens' `clientAction`: a submit whose request or reply the network lost never reached (or never
 * came back from) the server; say so on the form instead of the error page (docs/product.md#networks). Confirming
 * again sends the same key.
 */
export function moneyClientAction<Action>() {
  return async ({ request, serverAction }: ClientActionFunctionArgs) => {
    const confirming = (await request.clone().formData()).get("intent") === "confirm";
    try {
      return await serverAction<Action>();
    } catch (error) {
      if (!(error instanceof TypeError)) throw error;
      const failure: ClientFailure = confirming
        ? { clientFailure: "unknown", form: "confirm" }
        : { clientFailure: "offline", form: "amount" };
      return failure;
    }
  };
}

/** After a submit the network lost, the page keeps what it shows: reloading would fail the same way. */
export const keepAfterClientFailure: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  actionResult && typeof actionResult === "object" && "clientFailure" in actionResult ? false : defaultShouldRevalidate;

/**
 * What a money screen shows after a submit: which part the reply is for (the amount form or the review's
 * Confirm), its form reply, a network failure, and whether the review is still on screen (a refused amount
 * form takes its place).
 */
export function useMoneyReply<Review>(
  reply: { result?: unknown; form?: string; outcome?: "unknown"; clientFailure?: "offline" | "unknown" } | undefined,
  review: Review | null,
) {
  const lastResult = reply && "result" in reply ? (reply.result as SubmissionResult<string[]>) : undefined;
  const clientFailure = reply && "clientFailure" in reply ? (reply.clientFailure ?? null) : null;
  const forConfirm = reply?.form === "confirm";
  return {
    review: review && reply?.form !== "amount" ? review : null,
    amount: {
      lastResult: reply?.form === "amount" ? lastResult : undefined,
      offline: reply?.form === "amount" && clientFailure === "offline",
    },
    confirm: {
      lastResult: forConfirm ? lastResult : undefined,
      outcomeUnknown: reply?.outcome === "unknown",
      clientFailure: forConfirm ? clientFailure : null,
    },
  };
}

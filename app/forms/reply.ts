import type { SubmissionResult } from "@conform-to/react";

/**
 * What an action answers when it does not redirect (docs/ARCHITECTURE.md#forms): Conform's `submission.reply()`,
 * which form of the page it is for when a page has two (`form`: a money screen's amount form or its review's
 * Confirm), and `outcome: "unknown"` when the provider never answered a POST that carried an idempotency key.
 */
export interface ActionReply {
  result: SubmissionResult<string[]>;
  form?: string;
  outcome?: "unknown";
}

/** What a form's component gets from the page's last submit: the action's reply to it, if it was refused. */
export interface LastSubmit {
  lastResult: ActionReply["result"] | undefined;
  /** The last submit never reached the server (a client action's network failure). */
  offline: boolean;
}

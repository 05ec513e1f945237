// Only the product quantity steps use this now; they move onto the kit's useZodForm with the products forms (docs/ARCHITECTURE.md#forms).
import { useNavigation } from "@remix-run/react";

import { useSubmitAttempts } from "~/components/ui/FormErrors";
import { useReplyForm, type ReplyFormOptions } from "~/components/ui/replyForm";
import { useOfflineSubmit } from "~/forms/useOfflineSubmit";

export interface SubmitFormOptions<Fields extends Record<string, unknown>> extends ReplyFormOptions<Fields> {
  /** The last submit never reached the server (with JS). */
  offline: boolean;
  offlineMessage: string;
}

/**
 * A money form that submits to its action (a money screen's amount, a purchase's quantity step): the server's
 * constraints and reply (useReplyForm), errors after a submit only (decision 0006), a submit held back while offline
 * and said in the screen's own words (`offlineMessage`), and what its error summary and Review button need.
 */
export function useSubmitForm<Fields extends Record<string, unknown>>({ offline: lost, offlineMessage, ...options }: SubmitFormOptions<Fields>) {
  const navigation = useNavigation();
  const [form, fields] = useReplyForm<Fields>(options);
  const { attempts, onSubmitCapture } = useSubmitAttempts();
  const submit = useOfflineSubmit();
  const offline = lost || submit.offline;
  return {
    form,
    fields,
    formProps: { onSubmitCapture, onSubmit: submit.onSubmit },
    summary: {
      formErrors: [...(form.errors ?? []), ...(offline ? [offlineMessage] : [])],
      lastResult: offline ? { status: "error" } : options.lastResult,
      attempts,
    },
    busy: navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST",
  };
}

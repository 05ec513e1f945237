import { useForm, type SubmissionResult } from "@conform-to/react";
import { useNavigation } from "@remix-run/react";

import { useSubmitAttempts } from "~/components/ui/FormErrors";
import { useOfflineSubmit } from "~/features/trading/useOfflineSubmit";

export interface SubmitFormOptions<Fields extends Record<string, unknown>> {
  id: string;
  lastResult: SubmissionResult<string[]> | undefined;
  constraint: Parameters<typeof useForm<Fields>>[0]["constraint"];
  defaultValue: Parameters<typeof useForm<Fields>>[0]["defaultValue"];
  /** The last submit never reached the server (with JS). */
  offline: boolean;
  offlineMessage: string;
}

/**
 * A money form that submits to its action (a money screen's amount, a purchase's quantity step): Conform with the
 * server's constraints and reply, errors after a submit only (decision 0006), a submit held back while offline and
 * said in the screen's own words (`offlineMessage`), and what its error summary and Review button need.
 */
export function useSubmitForm<Fields extends Record<string, unknown>>(options: SubmitFormOptions<Fields>) {
  const navigation = useNavigation();
  const [form, fields] = useForm<Fields>({
    id: options.id,
    lastResult: options.lastResult,
    constraint: options.constraint,
    defaultValue: options.defaultValue,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
  });
  const { attempts, onSubmitCapture } = useSubmitAttempts();
  const submit = useOfflineSubmit(form.onSubmit);
  const offline = options.offline || submit.offline;
  return {
    form,
    fields,
    formProps: { onSubmitCapture, onSubmit: submit.onSubmit },
    summary: {
      formErrors: [...(form.errors ?? []), ...(offline ? [options.offlineMessage] : [])],
      lastResult: offline ? { status: "error" } : options.lastResult,
      attempts,
    },
    busy: navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST",
  };
}

import { useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import { useNavigation } from "@remix-run/react";
import { useState } from "react";

import { useSubmitAttempts } from "~/components/ui/FormErrors";
import { useOfflineSubmit } from "~/features/trading/useOfflineSubmit";
import { useTranslation } from "~/i18n-react";

import type { FormConstraint } from "./forms.server";
import { readQuantity } from "./quantity";

/**
 * The state of a purchase's quantity step (block buy, IPO apply; docs/decisions/0100, 0137): Conform holds what is
 * typed and the server's reply, − / + with JS leave their own note (undefined until the first press, so a no-JS press's
 * note from the URL speaks until then), and a submit held back offline says so in the form's words.
 */
export function useQuantityStep<Fields extends { quantity: string }>(options: {
  id: string;
  lastResult: SubmissionResult<string[]> | undefined;
  constraint: FormConstraint;
  defaultValue: DefaultValue<Fields>;
  /** The loader's note for a − / + press without JS. */
  serverNote: string | null;
  /** The clientAction found the submit lost by the network before it reached the server. */
  offline: boolean;
}) {
  const { t } = useTranslation("products");
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
  const [note, setNote] = useState<string | null | undefined>(undefined);
  const typed = fields.quantity.value ?? "";
  const offline = options.offline || submit.offline;
  return {
    form,
    fields,
    attempts,
    onSubmitCapture,
    onSubmit: submit.onSubmit,
    typed,
    quantity: readQuantity(typed),
    note: note === undefined ? options.serverNote : note,
    setNote,
    busy: navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST",
    offline,
    formErrors: [...(form.errors ?? []), ...(offline ? [t("review.offlineForm")] : [])],
    /** For the error summary: an offline hold counts as a failed submit. */
    summaryResult: offline ? { status: "error" } : options.lastResult,
  };
}

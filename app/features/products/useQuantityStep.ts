import { useState } from "react";

import type { FormReply } from "~/components/ui/replyForm";
import { useSubmitForm } from "./useSubmitForm";
import { useTranslation } from "react-i18next";

import { readQuantity, type QuantityStepData } from "./quantity";

/**
 * The state of a purchase's quantity step (block buy, IPO apply; docs/decisions/0100, 0137): the money form's state
 * (useSubmitForm: the server's reply, a submit held back offline said in the products' words), plus what
 * is typed as a quantity and the note of − / +: with JS they leave their own (undefined until the first press, so a
 * no-JS press's note from the URL speaks until then).
 */
export function useQuantityStep<Fields extends { quantity: string }>({
  id,
  item,
  loaded,
  lastResult,
  offline,
}: {
  id: string;
  /** The item's own field (`buy`, `apply`: its id). */
  item: { [K in Exclude<keyof Fields, "quantity">]?: string };
  /** What the loader gives the step: the field's starting quantity, the note of a no-JS − / + press, the constraints. */
  loaded: QuantityStepData;
  lastResult: FormReply | undefined;
  /** The clientAction found the submit lost by the network before it reached the server. */
  offline: boolean;
}) {
  const { t } = useTranslation("products");
  const defaultValue = { ...item, quantity: loaded.quantity } as { [K in keyof Fields]?: unknown };
  const step = useSubmitForm<Fields>({ id, lastResult, constraint: loaded.constraint, defaultValue, offline, offlineMessage: t("review.offlineForm") });
  const [note, setNote] = useState<string | null | undefined>(undefined);
  const typed = step.fields.quantity.value ?? "";
  return {
    ...step,
    typed,
    quantity: readQuantity(typed),
    note: note === undefined ? loaded.stepNote : note,
    setNote,
    /** What − / + put in the field (the typed value is replaced, as a press means), in place, as typing would. */
    setQuantity: (value: number) => step.form.update({ name: "quantity", value: String(value) }),
  };
}

import type { DefaultValue, SubmissionResult } from "@conform-to/react";
import { useState } from "react";

import { useSubmitForm } from "~/features/wallet/useSubmitForm";
import { useTranslation } from "~/i18n-react";

import { readQuantity, type QuantityStepData } from "./quantity";

/**
 * The state of a purchase's quantity step (block buy, IPO apply; docs/decisions/0100, 0137): the money form's state
 * (useSubmitForm: Conform with the server's reply, a submit held back offline said in the products' words), plus what
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
  item: Omit<DefaultValue<Fields>, "quantity">;
  /** What the loader gives the step: the field's starting quantity, the note of a no-JS − / + press, the constraints. */
  loaded: QuantityStepData;
  lastResult: SubmissionResult<string[]> | undefined;
  /** The clientAction found the submit lost by the network before it reached the server. */
  offline: boolean;
}) {
  const { t } = useTranslation("products");
  const defaultValue = { ...item, quantity: loaded.quantity } as DefaultValue<Fields>;
  const step = useSubmitForm<Fields>({ id, lastResult, constraint: loaded.constraint, defaultValue, offline, offlineMessage: t("review.offlineForm") });
  const [note, setNote] = useState<string | null | undefined>(undefined);
  const typed = step.fields.quantity.value ?? "";
  const quantityId = step.fields.quantity.id;
  return {
    ...step,
    typed,
    quantity: readQuantity(typed),
    note: note === undefined ? loaded.stepNote : note,
    setNote,
    /**
     * What − / + put in the field (the typed value is replaced, as a press means), in place: written into the input
     * as typing would (Conform reads it from the input event). Not `form.update`: with no client validation Conform
     * sends an update as a real submit, a round trip to the action whose late reply could undo what is typed next.
     */
    setQuantity: (value: number) => {
      const input = document.getElementById(quantityId);
      if (!(input instanceof HTMLInputElement)) return;
      input.value = String(value);
      input.dispatchEvent(new Event("input", { bubbles: true }));
    },
  };
}

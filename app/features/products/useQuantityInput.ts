import { useState } from "react";

import { readQuantity, type QuantityStepData } from "./quantity";

/**
 * What a purchase's quantity step (block buy, IPO apply; docs/decisions/0100, 0137) reads from its form, which is the
 * kit's own (`useZodForm` in the screen, its constraint from the loader; docs/ARCHITECTURE.md#forms): what is typed
 * as a quantity, and the note of − / +: with JS they leave their own (undefined until the first press, so a no-JS
 * press's note from the URL speaks until then). Not a form hook: it reads one field of the form it is given.
 */
export function useQuantityInput(
  form: { fields: object; form: { update: (options: never) => void } },
  loaded: QuantityStepData,
) {
  const [note, setNote] = useState<string | null | undefined>(undefined);
  const field = (form.fields as Record<string, { value?: unknown }>).quantity;
  const typed = typeof field?.value === "string" ? field.value : "";
  return {
    typed,
    quantity: readQuantity(typed),
    note: note === undefined ? loaded.stepNote : note,
    setNote,
    /** What − / + put in the field (the typed value is replaced, as a press means), in place, as typing would. */
    setQuantity: (value: number) => form.form.update({ name: "quantity", value: String(value) } as never),
  };
}

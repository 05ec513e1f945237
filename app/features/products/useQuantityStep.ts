import { getZodConstraint } from "@conform-to/zod";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";

import type { ActionReply } from "~/forms/reply";
import { useZodForm } from "~/forms/useZodForm";

import { readQuantity, type QuantityStepData } from "./quantity";

/**
 * The state of a purchase's quantity step (block buy, IPO apply; docs/decisions/0100, 0137, 0200): the kit's form
 * (`useZodForm` with the step's shared schema: native constraints, the check on submit, a submit held back offline
 * said in the products' words), plus what is typed as a quantity and the note of − / +: with JS they leave their own
 * (undefined until the first press, so a no-JS press's note from the URL speaks until then).
 */
export function useQuantityStep<Schema extends z.ZodTypeAny>({
  id,
  schema,
  item,
  loaded,
  lastResult,
  offline,
}: {
  id: string;
  /** The step's "Review" schema (features/products/schemas.ts), built with the browser's `t`. */
  schema: Schema;
  /** The item's own field (`buy`, `apply`: its id). */
  item: Record<string, string>;
  /** What the loader gives the step: the field's starting quantity, the note of a no-JS − / + press. */
  loaded: QuantityStepData;
  lastResult: ActionReply["result"] | undefined;
  /** The clientAction found the submit lost by the network before it reached the server. */
  offline: boolean;
}) {
  const { t } = useTranslation("products");
  const step = useZodForm({
    id,
    schema,
    // The eager path (docs/decisions/0280): this step's schema and constraints still load with the page.
    constraint: useMemo(() => getZodConstraint(schema), [schema]),
    lastResult,
    defaultValue: { ...item, quantity: loaded.quantity } as never,
    offline,
    offlineMessage: t("review.offlineForm"),
  });
  const [note, setNote] = useState<string | null | undefined>(undefined);
  const quantityField = (step.fields as Record<string, { value?: unknown }>).quantity;
  const typed = typeof quantityField?.value === "string" ? quantityField.value : "";
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

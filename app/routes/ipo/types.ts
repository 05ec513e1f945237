/** The /ipo screen's loader data (what the server renders; the browser adds typing and − / +). */
import type { FormConstraint } from "~/features/products/forms.server";
import type { QuantityStepData } from "~/features/products/quantity";
import type { IpoFigures } from "~/provider/products.server";

/** The quantity step; its quantity starts at the IPO's max. */
export interface ApplyStep extends QuantityStepData {
  ipo: IpoFigures;
}

export interface IpoReview {
  key: string;
  quantity: number;
  /** issue price × quantity: what is held until allotment. */
  amount: string;
  constraint: FormConstraint;
}

export interface IpoPageData {
  ipos: IpoFigures[];
  failed: boolean;
  apply: ApplyStep | null;
  /** `?apply=` named an IPO that is not listed. */
  applyGone: boolean;
  review: IpoReview | null;
}

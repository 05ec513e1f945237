/** The /ipo screen's loader data (what the server renders; the browser adds typing and − / +). */
import type { FormConstraint } from "~/features/products/forms.server";
import type { IpoFigures } from "~/provider/products.server";

export interface ApplyStep {
  ipo: IpoFigures;
  /** The quantity field's starting value: from the URL, a no-JS step, or the IPO's max. */
  quantity: string;
  /** A − / + press without JS that stopped at a bound: its message on the field. */
  stepNote: string | null;
  constraint: FormConstraint;
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

import { useTranslation } from "react-i18next";

import { CheckAnswers, reviewTexts, type ReviewAsk, type ReviewProps } from "~/forms/CheckAnswers";
import { StepDialog } from "~/forms/StepDialog";

export type { ReviewRow } from "~/forms/CheckAnswers";

/** The money screens' review (recharge, withdraw, loan; docs/decisions/0123): CheckAnswers in the wallet's words. */
export function ReviewCard(props: ReviewProps & { recordsHref: string; ask?: ReviewAsk }) {
  const { t } = useTranslation("wallet");
  return (
    <CheckAnswers
      {...props}
      formId="wallet-review"
      confirmId="wallet-confirm"
      texts={reviewTexts(t, t("review.checkRecords"))}
      listClassName="wl-review"
      frame={{ dialog: StepDialog }}
    />
  );
}

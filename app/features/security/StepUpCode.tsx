/**
 * The second factor on a review before money leaves (docs/product.md#two-factor-and-devices): the review's `ask`,
 * a current authenticator code typed in the POST body, never in a URL.
 */
import type { ReviewAsk } from "~/forms/CheckAnswers";

import { CodeField } from "./CodeField";

export const STEP_UP_ASK: ReviewAsk = { name: "code", render: (field) => <CodeField field={field} /> };

import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";

export interface SummaryError {
  /** The id of the invalid input. */
  id: string;
  message: string;
}

/**
 * "There is a problem" box at the top of a form after a failed submit, linking to each invalid field.
 * With JS, focus moves to it whenever a new set of errors arrives (`focusKey` changes).
 */
export function ErrorSummary({ errors, focusKey }: { errors: SummaryError[]; focusKey?: unknown }) {
  const { t } = useTranslation("common");
  const ref = useRef<HTMLDivElement>(null);
  const hasErrors = errors.length > 0;
  useEffect(() => {
    if (hasErrors) ref.current?.focus();
  }, [hasErrors, focusKey]);
  if (!hasErrors) return null;
  return (
    <div ref={ref} className="error-summary" role="alert" aria-labelledby="error-summary-title" tabIndex={-1}>
      <h2 id="error-summary-title">{t("errorSummary.title")}</h2>
      <ul>
        {errors.map((error) => (
          <li key={`${error.id}:${error.message}`}>
            <a href={`#${error.id}`}>{error.message}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}

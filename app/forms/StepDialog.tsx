import { useNavigate } from "@remix-run/react";
import { useEffect, useId, useRef, type ReactNode } from "react";

import { canShowModal } from "~/components/ui/modal";

import { useHydrated } from "./useHydrated";

/**
 * A step of a wallet screen that has its own URL (a review, adding or editing a card, applying for a loan;
 * docs/decisions/0123). Without JS it is server-rendered in place (the route leaves out what the step replaces);
 * with JS the same markup opens in a native modal <dialog> over the screen: the browser traps focus, Esc goes to
 * `closeHref` like the step's own Cancel link, and the bottom bar hides. A failed submit keeps the URL, so the
 * dialog stays open with its errors; success redirects elsewhere and the step is gone.
 */
export function StepDialog({
  title,
  closeHref,
  focusSafeChoice = false,
  children,
}: {
  title: string;
  closeHref: string;
  /** Open with focus on the safe choice (`data-safe-choice`: Cancel, Change) rather than the first field. */
  focusSafeChoice?: boolean;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  const titleId = useId();
  if (!hydrated || !canShowModal()) {
    return (
      <section aria-labelledby={titleId} className="card step-card">
        <h2 id={titleId}>{title}</h2>
        {children}
      </section>
    );
  }
  return (
    <ModalStep titleId={titleId} closeHref={closeHref} focusSafeChoice={focusSafeChoice}>
      <h2 id={titleId}>{title}</h2>
      {children}
    </ModalStep>
  );
}

function ModalStep({
  titleId,
  closeHref,
  focusSafeChoice,
  children,
}: {
  titleId: string;
  closeHref: string;
  focusSafeChoice: boolean;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || dialog.open) return;
    dialog.showModal();
    // For browsers without :has(): the bottom bar hides on this class too.
    document.body.classList.add("dialog-open");
    if (focusSafeChoice) dialog.querySelector<HTMLElement>("[data-safe-choice]")?.focus();
    return () => {
      document.body.classList.remove("dialog-open");
      if (dialog.open) dialog.close();
    };
  }, [focusSafeChoice]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className="step-dialog"
      onCancel={(event) => {
        // Esc: leave the step the way its Cancel link does (the URL decides what is on screen).
        event.preventDefault();
        navigate(closeHref, { preventScrollReset: true });
      }}
    >
      {children}
    </dialog>
  );
}

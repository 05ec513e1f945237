import { Form, Link, useLocation } from "@remix-run/react";
import { createContext, useContext, useEffect, useId, useRef, useState, type ReactNode } from "react";

import { canShowModal } from "./modal";

export { canShowModal };

/**
 * Confirmation steps that work without JS (docs/decisions/0023-no-js-confirmation.md,
 * 0107-one-confirm-dialog.md).
 *
 * The trigger is a link to a confirm URL (e.g. `?confirm=logout`) whose server-rendered page shows the confirm
 * form (`ConfirmPanel`). With JS the click opens the same form in a native modal <dialog> (`ConfirmDialog`)
 * instead. Either way the action only runs after the explicit confirm button — never on the first click — and
 * the dialog opens with focus on the safe choice, Cancel.
 */

/** The id of the open dialog's heading, so every dialog's `aria-labelledby` is its own. */
const DialogTitleId = createContext<string | null>(null);

/**
 * One native modal <dialog>, open while mounted: a list renders one for its whole list (not one per row), mounted
 * when a row's trigger is clicked. The browser traps focus and Esc closes it; Cancel is `<form method="dialog">`.
 * `onClose` runs when it closes (Esc, Cancel) and when the page navigates (e.g. after the confirm POST).
 */
export function ConfirmDialog({ onClose, children }: { onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || dialog.open || typeof dialog.showModal !== "function") return;
    dialog.showModal();
    // For browsers without :has(): the bottom bar hides on this class too.
    document.body.classList.add("dialog-open");
    // The safe choice first: a stray Enter or tap must not confirm (docs/product.md#validation).
    dialog.querySelector<HTMLElement>("[data-safe-choice]")?.focus();
    return () => document.body.classList.remove("dialog-open");
  }, []);

  const location = useLocation();
  const openedAt = useRef(location.key);
  useEffect(() => {
    if (location.key !== openedAt.current) onCloseRef.current();
  }, [location.key]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className="confirm-dialog"
      onClose={() => {
        document.body.classList.remove("dialog-open");
        onCloseRef.current();
      }}
    >
      <DialogTitleId.Provider value={titleId}>{children}</DialogTitleId.Provider>
    </dialog>
  );
}

/** A link to a confirm step that, with JS, opens `dialog` (a `ConfirmPanel` with `inDialog`) in place. */
export function ConfirmTrigger({
  confirmHref,
  children,
  className,
  dialog,
}: {
  confirmHref: string;
  children: ReactNode;
  className?: string;
  dialog: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Link
        to={confirmHref}
        className={className}
        onClick={(event) => {
          if (!canShowModal()) return;
          event.preventDefault();
          setOpen(true);
        }}
      >
        {children}
      </Link>
      {open ? <ConfirmDialog onClose={() => setOpen(false)}>{dialog}</ConfirmDialog> : null}
    </>
  );
}

/** The confirm form: a title, an explanation, the confirm (POST) button and a cancel link/button. */
export function ConfirmPanel({
  title,
  text,
  action,
  confirmLabel,
  cancelLabel,
  cancelHref,
  inDialog = false,
  hidden,
  onConfirm,
}: {
  title: string;
  text: string;
  action: string;
  confirmLabel: string;
  cancelLabel: string;
  cancelHref: string;
  inDialog?: boolean;
  hidden?: Record<string, string>;
  /** Runs (with JavaScript) as the confirm is submitted, e.g. to delete what the device keeps at logout. */
  onConfirm?: () => void;
}) {
  const dialogTitleId = useContext(DialogTitleId);
  return (
    <div className="confirm">
      {inDialog ? <h2 id={dialogTitleId ?? "confirm-dialog-title"}>{title}</h2> : <h1 id="confirm-title">{title}</h1>}
      <p>{text}</p>
      <div className="actions">
        <Form method="post" action={action} reloadDocument={false} onSubmit={onConfirm}>
          {Object.entries(hidden ?? {}).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <button type="submit" className="button button--danger">
            {confirmLabel}
          </button>
        </Form>
        {inDialog ? (
          <form method="dialog">
            <button type="submit" className="button button--secondary" data-safe-choice="">
              {cancelLabel}
            </button>
          </form>
        ) : (
          <Link to={cancelHref} className="button button--secondary" data-safe-choice="">
            {cancelLabel}
          </Link>
        )}
      </div>
    </div>
  );
}

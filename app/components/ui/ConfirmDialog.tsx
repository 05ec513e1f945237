import { Form, Link } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";

/**
 * A confirmation step that works without JS (docs/decisions/0023-no-js-confirmation.md).
 *
 * The trigger is a link to `confirmHref` (e.g. `?confirm=logout`), whose server-rendered page shows the
 * confirm form (`ConfirmPanel`). With JS the click opens the same form in a native modal <dialog> instead.
 * Either way the action only runs after the explicit confirm button — never on the first click.
 */
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
  const ref = useRef<HTMLDialogElement>(null);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    setHydrated(true);
    // Navigating away with the dialog open (e.g. after confirming) must not leave the bottom bar hidden.
    return () => document.body.classList.remove("dialog-open");
  }, []);
  return (
    <>
      <Link
        to={confirmHref}
        className={className}
        onClick={(event) => {
          const element = ref.current;
          if (!element || typeof element.showModal !== "function") return;
          event.preventDefault();
          element.showModal();
          // For browsers without :has(): the bottom bar hides on this class too.
          document.body.classList.add("dialog-open");
        }}
      >
        {children}
      </Link>
      {hydrated ? (
        <dialog
          ref={ref}
          aria-labelledby="confirm-dialog-title"
          className="confirm-dialog"
          onClose={() => document.body.classList.remove("dialog-open")}
        >
          {dialog}
        </dialog>
      ) : null}
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
}: {
  title: string;
  text: string;
  action: string;
  confirmLabel: string;
  cancelLabel: string;
  cancelHref: string;
  inDialog?: boolean;
  hidden?: Record<string, string>;
}) {
  return (
    <div className="confirm">
      {inDialog ? <h2 id="confirm-dialog-title">{title}</h2> : <h1 id="confirm-title">{title}</h1>}
      <p>{text}</p>
      <div className="actions">
        <Form method="post" action={action} reloadDocument={false}>
          {Object.entries(hidden ?? {}).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <button type="submit" className="button button--danger">
            {confirmLabel}
          </button>
        </Form>
        {inDialog ? (
          <form method="dialog">
            <button type="submit" className="button button--secondary">
              {cancelLabel}
            </button>
          </form>
        ) : (
          <Link to={cancelHref} className="button button--secondary">
            {cancelLabel}
          </Link>
        )}
      </div>
    </div>
  );
}

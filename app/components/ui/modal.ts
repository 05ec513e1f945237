/**
 * Whether this browser can show a native modal dialog (the JS path of ConfirmDialog and the wallet's StepDialog);
 * otherwise the link navigates to the server-rendered step. Its own module, so that a step dialog does not load
 * the confirm dialog's code.
 */
export function canShowModal(): boolean {
  return typeof HTMLDialogElement !== "undefined" && typeof HTMLDialogElement.prototype.showModal === "function";
}

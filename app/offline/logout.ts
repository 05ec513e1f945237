/**
 * Logout on this device (docs/product.md#on-the-device): with JavaScript, the confirm's submit deletes every copy the
 * screens saved in the `stocks` database; the POST goes ahead at once (same document, so the deletion finishes
 * while the next page loads). Without JavaScript nothing was saved, so there is nothing to delete.
 */
export function forgetDeviceData(): void {
  import("./stocks-db").then((db) => db.clearDeviceData()).catch(() => undefined);
}

import { useState, type FormEvent } from "react";

/**
 * A money form's submit handler that holds the submit back while the device is offline (nothing is sent, so
 * nothing is ordered), keeping the page and what was typed, with the state to say so in the form's own words
 * (docs/product.md#networks). Online, the submit goes ahead.
 */
export function useOfflineSubmit() {
  const [offline, setOffline] = useState(false);
  const handle = (event: FormEvent<HTMLFormElement>) => {
    if (typeof navigator !== "undefined" && navigator.onLine === false) {
      event.preventDefault();
      setOffline(true);
      return;
    }
    setOffline(false);
  };
  return { offline, onSubmit: handle };
}

/**
 * The request's Content-Security-Policy nonce (docs/decisions/0091-content-security-policy.md): set by
 * entry.server from the server's load context, read by root for its inline `<script>`/`<style>` elements.
 * Empty in the browser (browsers hide nonces from the DOM; hydration keeps the server's attribute).
 */
import { createContext, useContext } from "react";

export const NonceContext = createContext<string>("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);

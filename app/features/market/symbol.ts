/** A provider symbol as it may appear in a URL or a form: `RELIANCE.NS`, `^NSEI`, `M&M.NS`, `EURUSD=X`. No zod: browser-safe. */
export const SYMBOL_PATTERN = /^[\^A-Za-z0-9.=&_-]{1,32}$/;

/**
 * The bottom bar's five labels in every locale, as a customer reads them (docs/product.md#navigation): whole words,
 * never cut ("Watchl", "Beobac"); only the watchlist's is a shorter word. One table for the two tests that check it:
 * the strings (app/components/ui/ui.test.tsx) and the bar in the browser at 360 px (tests/e2e/shell.spec.ts).
 */
export const NAV_LABELS = {
  en: ["Home", "Markets", "Watchlist", "Trade", "Account"],
  zh: ["首页", "行情", "自选", "交易", "账户"],
  de: ["Start", "Märkte", "Merkliste", "Handel", "Konto"],
  es: ["Inicio", "Mercados", "Favoritos", "Operar", "Cuenta"],
} as const;

/** Where the two-factor and devices screens live (docs/product.md#two-factor-and-devices). */
export const twoFactorHref = (query: { step?: "setup" } = {}) =>
  query.step ? `/settings/two-factor?step=${query.step}` : "/settings/two-factor";
export const devicesHref = () => "/settings/devices";
/** The sign-in's code step lives with the other sign-in addresses (the account feature signs in). */
export { loginCodeHref } from "~/utils/hrefs";
/** The recovery codes on screen, posted back and answered as a text file (a resource route). */
export const recoveryCodesFileHref = () => "/settings/two-factor/recovery-codes";

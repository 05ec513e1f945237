import type { TFunction } from "~/i18n/config";

/**
 * A market category's name in the customer's language, by its code (`IN` → "India", "印度"…;
 * locales/<lng>/markets.json `categoryNames`). A code without a translation shows the provider's name.
 */
export function categoryName(t: TFunction, category: { code: string; name: string }): string {
  return t(`markets:categoryNames.${category.code}`, { defaultValue: category.name });
}

import { insertNewsOnce } from "../db/repositories/news";
import { invalidInput, ProviderError } from "../errors";
import type { ProductDeps } from "./products-common";

/*
 * Publishing news (operator). The HTML content is stored exactly as given – the provider neither trusts nor rewrites
 * it: the app sanitises articles before they reach a page (docs/decisions/0134). The slug (from the title, or given)
 * makes a publish idempotent: the same slug twice is `already_processed`.
 */

export function slugify(title: string): string {
  return (
    title
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 80) || "article"
  );
}

export function createNewsDesk(deps: ProductDeps) {
  const { db, now } = deps;

  async function publish(input: { title: string; subhead?: string; img?: string; content: string; slug?: string }) {
    const title = input.title.trim();
    if (!title) throw invalidInput("title", "a title");
    if (!input.content.trim()) throw invalidInput("content", "the article's HTML");
    const at = now();
    const slug = input.slug?.trim() || slugify(title);
    const row = await insertNewsOnce(db, {
      slug,
      title,
      subhead: input.subhead?.trim() ?? "",
      img: input.img?.trim() ?? "",
      content: input.content,
      created_at: at,
      updated_at: at,
    });
    if (!row) throw new ProviderError("already_processed", `an article with the slug ${slug} exists`, "slug");
    return { ...row, created_at: row.created_at.toISOString(), updated_at: row.updated_at.toISOString() };
  }

  return { publish };
}
export type NewsDesk = ReturnType<typeof createNewsDesk>;

import type { Executor } from "../db/database";
import { findNews, listNews } from "../db/repositories/news";
import { ProviderError } from "../errors";

/** News articles, newest first; timestamps as ISO-8601. */
export function createNews(deps: { db: Executor }) {
  const iso = (d: Date) => d.toISOString();

  async function list(q: { page: number; limit: number }) {
    const { rows, count } = await listNews(deps.db, (q.page - 1) * q.limit, q.limit);
    return { rows: rows.map((n) => ({ ...n, created_at: iso(n.created_at), updated_at: iso(n.updated_at) })), count };
  }

  async function article(id: number) {
    const n = await findNews(deps.db, id);
    if (!n) throw new ProviderError("not_found", "no such article", "id");
    return { ...n, created_at: iso(n.created_at), updated_at: iso(n.updated_at) };
  }

  return { list, article };
}

export type News = ReturnType<typeof createNews>;

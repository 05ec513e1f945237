/**
 * /news (docs/product.md#news): paging with the customer's page size, and "Failed to fetch news" when the provider
 * cannot be read. The loader called directly with a signed-in cookie; the provider scripted.
 */
import { beforeAll, describe, expect, it } from "vitest";

import { getFixedT } from "~/i18n/i18next.server";
import { getRequest, ok, settle, useScriptedProvider } from "~/testing/route-harness";
import { newsListHref } from "~/utils/hrefs";

import { loader as listLoader, type NewsListData } from "./news._index";

const { provider, session } = useScriptedProvider({ token: "tok" });
let cookie = "";
beforeAll(() => {
  cookie = session.cookie;
});

/** 25 articles, newest (id 25) first, as the provider pages them. */
function newsPages() {
  provider.reply("/stock/new/list", ({ query }) => {
    const page = Number(query.page);
    const limit = Number(query.limit);
    const ids = Array.from({ length: 25 }, (_, index) => 25 - index).slice((page - 1) * limit, page * limit);
    const rows = ids.map((id) => ({
      id,
      title: `Story ${id}`,
      subhead: "",
      img: "",
      created_at: "2026-11-20T08:00:00.000Z",
      updated_at: "2026-11-20T08:00:00.000Z",
    }));
    return { json: ok({ rows, count: 25 }) };
  });
}

const list = async (path: string) => {
  const response = await settle(() => listLoader({ request: getRequest(path, cookie), params: {}, context: {} }));
  return { response, data: response.status === 302 ? null : ((await response.json()) as NewsListData) };
};

describe("/news", () => {
  it("shows 10 a page by default; the page-size choice (20) is asked of the provider and kept by the pager", async () => {
    newsPages();
    const first = await list("/news");
    expect(provider.calls.map((call) => call.query)).toEqual([{ page: "1", limit: "10" }]);
    expect(first.data).toMatchObject({ limit: 10, page: 1, pageCount: 3, total: 25, failed: false });
    expect(first.data?.items.map((item) => item.title)).toEqual([
      "Story 25",
      "Story 24",
      "Story 23",
      "Story 22",
      "Story 21",
      "Story 20",
      "Story 19",
      "Story 18",
      "Story 17",
      "Story 16",
    ]);

    provider.calls.length = 0;
    const second = await list("/news?limit=20&page=2");
    expect(provider.calls.map((call) => call.query)).toEqual([{ page: "2", limit: "20" }]);
    expect(second.data).toMatchObject({ limit: 20, page: 2, pageCount: 2, total: 25 });
    expect(second.data?.items.map((item) => item.id)).toEqual([5, 4, 3, 2, 1]);
    // What the pager and the size form link to.
    expect(newsListHref({ page: 1, limit: 20 })).toBe("/news?limit=20");
    expect(newsListHref({ page: 2, limit: 50 })).toBe("/news?page=2&limit=50");
    expect(newsListHref({ page: 2, limit: 10 })).toBe("/news?page=2");
  });

  it("offers only 10, 20, 30 and 50: another size is 10; a page past the end goes to the last page", async () => {
    newsPages();
    for (const limit of ["15", "0", "-10", "20.5", "1e1", "abc"]) {
      const { data } = await list(`/news?limit=${limit}`);
      expect(data?.limit, limit).toBe(10);
    }
    const { data } = await list("/news?limit=30");
    expect(data?.items).toHaveLength(25);

    const past = await list("/news?limit=20&page=9");
    expect(past.response.status).toBe(302);
    expect(past.response.headers.get("Location")).toBe("/news?page=2&limit=20");
  });

  it("says 'Failed to fetch news' in place when the provider does not answer (503)", async () => {
    provider.reply("/stock/new/list", { fail: "network" });
    const { response, data } = await list("/news");
    expect(response.status).toBe(503);
    expect(data).toMatchObject({ failed: true, items: [] });
    expect((await getFixedT("en", "news"))("list.failed")).toBe("Failed to fetch news");
  });

  it("sends a visitor to log in", async () => {
    const response = await settle(() => listLoader({ request: getRequest("/news?limit=20"), params: {}, context: {} }));
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fnews%3Flimit%3D20");
    expect(provider.calls).toEqual([]);
  });
});

/**
 * /news and /news/{id} (docs/product.md#news): paging with the customer's page size, the article's HTML cleaned
 * before it reaches the page, and "Failed to fetch news" when the provider cannot be read. Loaders called
 * directly with a signed-in cookie; the provider scripted (app/testing/provider-double.ts).
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { getFixedT } from "~/i18n/i18next.server";
import { commitSession, startSession } from "~/session/session.server";
import { getRequest, settle } from "~/testing/http";
import { no, ok, useScriptedProvider } from "~/testing/route-harness";
import { newsListHref } from "~/utils/hrefs";

import { loader as articleLoader, type NewsArticleData } from "./news.$id";
import { loader as listLoader, type NewsListData } from "./news._index";

const { provider } = useScriptedProvider();
let cookie = "";

beforeAll(async () => {
  cookie = (await commitSession(startSession({ token: "tok", user: { user: "9876543210", no: "7" } }))).split(";")[0];
});
beforeEach(() => {
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
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

const article = async (id: string) => {
  const response = await settle(() =>
    articleLoader({ request: getRequest(`/news/${id}`, cookie), params: { id }, context: {} }),
  );
  return { status: response.status, data: (await response.json()) as NewsArticleData };
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

describe("/news/{id}", () => {
  it("cleans the article's HTML: no script, no event handlers, no javascript: links; links get noopener", async () => {
    provider.reply("/stock/new/index", {
      json: ok({
        id: 7,
        title: "Markets rally",
        subhead: "Indices up",
        img: "https://tracker.example/pixel.gif",
        content:
          '<h1>Summary</h1><p onclick="steal()">Stocks <strong>rose</strong>.<script>alert("x")</script></p>' +
          '<img src="x" onerror="alert(1)"><img src="/uploads/chart.png" alt="Chart" onload="alert(2)">' +
          '<img src="https://tracker.example/t.gif" alt="t">' +
          '<a href="javascript:alert(3)">click</a> <a href="https://example.com/report" target="_blank" onmouseover="x()">report</a>' +
          '<p style="color:red">styled</p><iframe src="https://evil.example"></iframe><svg><script>alert(4)</script></svg>',
        created_at: "2026-11-20T08:00:00.000Z",
        updated_at: "2026-11-21T09:30:00.000Z",
      }),
    });
    const { status, data } = await article("7");
    expect(status).toBe(200);
    expect(provider.calls[0]).toMatchObject({ path: "/stock/new/index", query: { id: "7" }, token: "tok" });
    expect(data).toEqual({
      state: "article",
      article: {
        id: 7,
        title: "Markets rally",
        subhead: "Indices up",
        image: null,
        createdAt: "2026-11-20T08:00:00.000Z",
        updatedAt: "2026-11-21T09:30:00.000Z",
        html:
          "<h2>Summary</h2><p>Stocks <strong>rose</strong>.</p>" +
          '<img src="/uploads/chart.png" alt="Chart" />' +
          '<a>click</a> <a href="https://example.com/report" rel="noopener noreferrer">report</a>' +
          "<p>styled</p>",
      },
    });
  });

  it("an unknown or malformed id is a 404 page; a provider that does not answer says 'Failed to fetch news' (503)", async () => {
    provider.reply("/stock/new/index", { json: no("not_found") });
    expect(await article("999")).toEqual({ status: 404, data: { state: "notFound" } });
    provider.calls.length = 0;
    for (const id of ["abc", "0", "1.5", "99999999999"]) {
      expect((await article(id)).status, id).toBe(404);
    }
    expect(provider.calls).toEqual([]);

    provider.reply("/stock/new/index", { fail: "timeout" });
    expect(await article("3")).toEqual({ status: 503, data: { state: "failed", id: "3" } });
    expect((await getFixedT("en", "news"))("article.failed")).toBe("Failed to fetch news");
  });
});

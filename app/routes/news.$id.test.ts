/**
 * /news/{id} (docs/product.md#news): the article's HTML cleaned before it reaches the page, a 404 for an unknown id,
 * and "Failed to fetch news" when the provider cannot be read. The loader called directly; the provider scripted.
 */
import { beforeAll, describe, expect, it } from "vitest";

import { getFixedT } from "~/i18n/i18next.server";
import { getRequest, no, ok, settle, useScriptedProvider } from "~/testing/route-harness";

import { loader as articleLoader, type NewsArticleData } from "./news.$id";

const { provider, session } = useScriptedProvider({ token: "tok" });
let cookie = "";
beforeAll(() => {
  cookie = session.cookie;
});

const article = async (id: string) => {
  const response = await settle(() =>
    articleLoader({ request: getRequest(`/news/${id}`, cookie), params: { id }, context: {} }),
  );
  return { status: response.status, data: (await response.json()) as NewsArticleData };
};

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

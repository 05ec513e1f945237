/* The server compresses what a browser accepts (decision 0158); bytes are a slow phone network's time. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { send, startAppServer, useAppServer, type RunningServer } from "~/testing/app-server";

const server = useAppServer();

describe("compressed answers", () => {
  it("a document is sent with brotli when the browser accepts it, and varies on Accept-Encoding", async () => {
    const response = await send(server, "GET", "/login", { headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(response.status).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["vary"]).toMatch(/Accept-Encoding/i);
  });

  it("gzip for a browser that accepts only gzip", async () => {
    const response = await send(server, "GET", "/login", { headers: { "accept-encoding": "gzip" } });
    expect(response.headers["content-encoding"]).toBe("gzip");
  });

  it("plain bytes for a client that accepts no encoding, and the page is whole", async () => {
    const response = await send(server, "GET", "/login");
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.body).toMatch(/^<!DOCTYPE html>/i);
    expect(response.body).toContain("</html>");
  });

  it("a compressed document decodes to the same page", async () => {
    const response = await fetch(`http://127.0.0.1:${server.port}/login`, {
      headers: { host: server.host, "accept-encoding": "br" },
    });
    expect(response.headers.get("content-encoding")).toBe("br");
    const html = await response.text();
    expect(html).toMatch(/^<!DOCTYPE html>/i);
    expect(html).toContain('name="phone"');
  });
});

describe("JSON answers (a live panel's poll)", () => {
  const twelve =
    "RELIANCE.NS,TCS.NS,HDFCBANK.NS,INFY.NS,ICICIBANK.NS,SBIN.NS,BHARTIARTL.NS,ITC.NS,LT.NS,HINDUNILVR.NS,KOTAKBANK.NS,AXISBANK.NS";

  it("are compressed for a browser that accepts brotli, and decode whole", async () => {
    const response = await fetch(`http://127.0.0.1:${server.port}/resources/quotes?symbols=${twelve}`, {
      headers: { host: server.host, "accept-encoding": "br" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(response.headers.get("vary")).toMatch(/Accept-Encoding/i);
    expect((await response.json()).rows).toHaveLength(12);
  });

  it("gzip for a client that accepts only gzip, plain bytes for one that accepts none", async () => {
    const gzipped = await fetch(`http://127.0.0.1:${server.port}/resources/quotes?symbols=${twelve}`, {
      headers: { host: server.host, "accept-encoding": "gzip" },
    });
    expect(gzipped.headers.get("content-encoding")).toBe("gzip");
    expect((await gzipped.json()).rows).toHaveLength(12);
    const plain = await send(server, "GET", "/resources/quotes?symbols=TCS.NS");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(plain.body).rows.map((row: { symbol: string }) => row.symbol)).toEqual(["TCS.NS"]);
  });
});

describe("the build's files", () => {
  const root = mkdtempSync(path.join(tmpdir(), "trade-build-files-"));
  const script = "window.__remixRouteModules = {};\n".repeat(100); // 3,300 bytes
  let assets: RunningServer;

  beforeAll(async () => {
    mkdirSync(path.join(root, "public", "build", "_shared"), { recursive: true });
    writeFileSync(path.join(root, "public", "build", "_shared", "framework-abc123.js"), script);
    assets = await startAppServer({ publicDir: path.join(root, "public") });
  });
  afterAll(async () => {
    await assets?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it("are compressed for a browser that accepts brotli, cached for a year, as JavaScript", async () => {
    const response = await fetch(`http://127.0.0.1:${assets.port}/build/_shared/framework-abc123.js`, {
      headers: { host: assets.host, "accept-encoding": "gzip, deflate, br" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(response.headers.get("content-type")).toMatch(/^application\/javascript/);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("vary")).toMatch(/Accept-Encoding/i);
    expect(await response.text()).toBe(script);
  });

  it("one that accepts only gzip gets the file gzipped", async () => {
    const response = await send(assets, "GET", "/build/_shared/framework-abc123.js", {
      headers: { "accept-encoding": "gzip" },
    });
    expect(response.status).toBe(200);
    expect(response.headers["content-encoding"]).toBe("gzip");
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });
});

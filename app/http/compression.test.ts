/* The server compresses what a browser accepts (decision 0158); bytes are a slow phone network's time. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createTestProvider, type TestProvider } from "../../provider/testing";
import { send, startAppServer, type RunningServer } from "../testing/app-server";
import { sendProviderCallsTo } from "../testing/provider-double";

let provider: TestProvider;
let server: RunningServer;
let uninstall: () => void;

beforeAll(async () => {
  provider = await createTestProvider();
  uninstall = sendProviderCallsTo((request) => provider.fetch(request));
  server = await startAppServer();
}, 120_000);

afterAll(async () => {
  await server?.close();
  uninstall?.();
  await provider?.close();
});

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

import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { z } from "zod";

import { ProviderError } from "../errors";
import { readBody } from "../http/context";

/*
 * readBody on its own (a route mounted without the app's bodyLimit middleware): the 64 KB limit, NUL characters
 * and non-object bodies are refused the way the contract says, never with a 5xx.
 */
const app = new Hono();
app.post("/echo", async (c) =>
  c.json({ msg: "ok", data: await readBody(c, z.object({ a: z.string().max(100_000) })) }),
);
app.onError((error, c) =>
  error instanceof ProviderError
    ? c.json(
        {
          msg: "no",
          data: { code: error.code, ...(error.field ? { field: error.field } : {}), message: error.message },
        },
        error.status,
      )
    : c.json({ msg: "no", data: { code: "server_error" } }, 500),
);
const post = async (body: BodyInit, headers: Record<string, string> = {}) => {
  const res = await app.request("/echo", {
    method: "POST",
    body,
    headers,
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  } as RequestInit);
  return { status: res.status, body: await res.json() };
};
const chunked = (text: string, chunk = 8192) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      const bytes = new TextEncoder().encode(text);
      for (let i = 0; i < bytes.length; i += chunk) controller.enqueue(bytes.slice(i, i + chunk));
      controller.close();
    },
  });
const TOO_LARGE = { status: 413, body: { msg: "no", data: { code: "invalid_input", message: "body too large" } } };

describe("readBody", () => {
  it("reads a body up to 64 KB, declared or chunked", async () => {
    const text = JSON.stringify({ a: "x".repeat(65_000) });
    expect(text.length).toBe(65_008);
    expect((await post(text)).body.data.a).toHaveLength(65_000);
    expect((await post(chunked(text))).body.data.a).toHaveLength(65_000);
  });

  it("refuses a larger body with 413, by its declared length or while reading a chunked one", async () => {
    const text = JSON.stringify({ a: "x".repeat(66_000) });
    expect(await post(text)).toEqual(TOO_LARGE);
    expect(await post("{}", { "content-length": "70000" })).toEqual(TOO_LARGE);
    expect(await post(chunked(text))).toEqual(TOO_LARGE);
    expect(await post(chunked(JSON.stringify({ a: "é".repeat(33_000) })))).toEqual(TOO_LARGE); // 66 KB in UTF-8
  });

  it.each([
    ["an array", "[1,2]", undefined],
    ["null", "null", undefined],
    ["a number", "5", undefined],
    ["a string", '"a"', undefined],
    ["broken JSON", "{", undefined],
    ["60 KB of nesting", `{"a":${"[".repeat(30_000)}${"]".repeat(30_000)}}`, "a"],
    ["a NUL in a field", '{"a":"x\\u0000y"}', "a"],
    ["a NUL deep inside another field", '{"b":{"c":["\\u0000"]},"a":"ok"}', "b"],
    ["a NUL in a key", '{"\\u0000":1,"a":"ok"}', undefined],
  ])("%s is invalid_input, never a 5xx", async (_name, body, field) => {
    const res = await post(body);
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe("no");
    expect(res.body.data.code).toBe("invalid_input");
    expect(res.body.data.field).toBe(field);
  });

  it("an empty body is an empty object", async () => {
    expect(await post("")).toEqual({
      status: 200,
      body: { msg: "no", data: { code: "invalid_input", field: "a", message: "Required" } },
    });
  });
});

import { describe, expect, it } from "vitest";

import { deferScripts } from "./scripts-after-paint";

// What Remix's <Scripts nonce> renders (2.17), shortened: the modulepreload links, the context script and the
// module script that imports the routes.
const REMIX_SCRIPTS =
  '<link rel="modulepreload" href="/build/entry.client-QJA7N3V6.js"/><link rel="modulepreload" href="/build/_shared/chunk-EVISU2F2.js"/>' +
  '<script nonce="abc">window.__remixContext = {"url":"/markets"};</script>' +
  '<script nonce="abc" type="module" async="">;\nimport * as route0 from "/build/root-WVZ44TFD.js";\nimport("/build/entry.client-QJA7N3V6.js");</script>';

describe("deferScripts", () => {
  it("puts Remix's modulepreload links in a template, makes its module script a data block and leaves the rest as it was", () => {
    expect(
      deferScripts(
        `<head><link rel="icon" href="/favicon.ico"/></head><body><p>type="module"</p>${REMIX_SCRIPTS}</body>`,
      ),
    ).toBe(
      '<head><link rel="icon" href="/favicon.ico"/></head><body><p>type="module"</p>' +
        '<template data-after-paint=""><link rel="modulepreload" href="/build/entry.client-QJA7N3V6.js"/><link rel="modulepreload" href="/build/_shared/chunk-EVISU2F2.js"/></template>' +
        '<script nonce="abc">window.__remixContext = {"url":"/markets"};</script>' +
        '<script nonce="abc" type="text/x-after-paint">;\nimport * as route0 from "/build/root-WVZ44TFD.js";\nimport("/build/entry.client-QJA7N3V6.js");</script></body>',
    );
  });

  it("leaves a document without scripts unchanged", () => {
    expect(deferScripts('<body><script nonce="abc">window.x=1</script></body>')).toBe(
      '<body><script nonce="abc">window.x=1</script></body>',
    );
  });
});

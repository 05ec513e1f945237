import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { describe, expect, it } from "vitest";

/*
 * The provider's layers (docs/ARCHITECTURE.md, "Provider"): HTTP -> services -> repositories. Raw Kysely (query
 * builders, `sql`) lives only in provider/db/repositories; HTTP routes call services, never repositories; every
 * service is built once, in createServices (provider/app.ts), and reaches the routes as a field of `Services`
 * (docs/decisions/0220-services-built-once-in-one-place.md).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const sources = (dir: string) =>
  fs
    .readdirSync(path.join(root, dir))
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
    .map((f) => ({ file: `${dir}/${f}`, text: fs.readFileSync(path.join(root, dir, f), "utf8") }));

const RAW_KYSELY = [
  /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(/,
  /\bsql\s*`/,
  /\bsql\s*\./,
  /import\s*\{[^}]*\bsql\b[^}]*\}\s*from\s*"kysely"/,
];

/** Routes that still reach repositories directly; their owner is moving them behind services. Shrink, never grow. */
const HTTP_NOT_YET_BEHIND_SERVICES: string[] = [];

describe("provider layers", () => {
  it("keeps raw Kysely out of services, HTTP routes and the provider root", () => {
    const offenders = [...sources("services"), ...sources("http"), ...sources(".")]
      .filter(({ file }) => file !== "./testing.ts") // the test harness builds its own snapshot database
      .filter(({ text }) => RAW_KYSELY.some((re) => re.test(text)))
      .map(({ file }) => file);
    expect(offenders).toEqual([]);
  });

  it("has HTTP routes call services, not repositories", () => {
    const offenders = sources("http")
      .filter(({ text }) => /from\s*"\.\.\/db\/repositories\//.test(text))
      .map(({ file }) => file)
      .filter((file) => !HTTP_NOT_YET_BEHIND_SERVICES.includes(file));
    expect(offenders).toEqual([]);
  });

  it("gives routes no database handle: they reach data only through services", () => {
    const offenders = sources("http")
      .filter(
        ({ text }) =>
          /\b(DB|Executor|Kysely|Transaction)\b/.test(text.replace(/\/\/.*|\/\*[\s\S]*?\*\//g, "")) ||
          /\.db\b/.test(text),
      )
      .map(({ file }) => file);
    expect(offenders).toEqual([]);
  });

  it("builds every service in one place: createServices in provider/app.ts", () => {
    // Parts a service builds for itself (its limiter, cache, currency converter), not services routes call.
    const parts = ["createAttemptLimiter", "createTokenCache", "createFx"];
    const factories = sources("services")
      .flatMap(({ text }) => [...text.matchAll(/export function (create[A-Z]\w*)\(/g)].map((m) => m[1]))
      .filter((name) => !parts.includes(name));
    const calls = (text: string, name: string) => new RegExp(`(?<!function )\\b${name}\\(`).test(text);
    const app = fs.readFileSync(path.join(root, "app.ts"), "utf8");
    expect(factories.filter((name) => !calls(app, name))).toEqual([]);
    const elsewhere = [...sources("http"), ...sources("."), ...sources("services")]
      .filter(
        ({ file }) =>
          file !== "./app.ts" && factories.some((name) => calls(fs.readFileSync(path.join(root, file), "utf8"), name)),
      )
      .map(({ file }) => file);
    expect(elsewhere).toEqual([]);
  });

  it("has test files get their provider from the harness (provider/tests/helpers.ts), bar the tests of its start", () => {
    const testFiles = ["tests", "tests/fixtures"].flatMap((dir) =>
      fs
        .readdirSync(path.join(root, dir))
        .filter((f) => f.endsWith(".ts"))
        .map((f) => ({ file: `${dir}/${f}`, text: fs.readFileSync(path.join(root, dir, f), "utf8") })),
    );
    // How a provider is built or started is what these test, so they call createProviderApp / startProvider;
    // fixtures/instance.ts is the body of a spawned process (instances.test.ts).
    const ownStart = testFiles
      .filter(({ text }) => /\b(createProviderApp|startProvider)\(/.test(text))
      .map(({ file }) => file);
    expect(ownStart).toEqual([
      "tests/envelope.test.ts",
      "tests/operator-key.test.ts",
      "tests/persistence.test.ts",
      "tests/fixtures/instance.ts",
    ]);
    // A file's provider is useInProcessProvider(…), not a createTestProvider of its own in beforeAll.
    const ownFileProvider = testFiles
      .filter(({ file }) => file !== "tests/helpers.ts")
      .filter(({ text }) => /beforeAll\(async \(\) => \{\s*\w+ = await createTestProvider\(/.test(text));
    expect(ownFileProvider.map(({ file }) => file)).toEqual([]);
  });
});

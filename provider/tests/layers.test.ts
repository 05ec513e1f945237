import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/*
 * The provider's layers (CONVENTIONS.md): HTTP -> services -> repositories. Raw Kysely (query builders, `sql`)
 * lives only in provider/db/repositories; HTTP routes call services, never repositories.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const sources = (dir: string) =>
  fs
    .readdirSync(path.join(root, dir))
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
    .map((f) => ({ file: `${dir}/${f}`, text: fs.readFileSync(path.join(root, dir, f), "utf8") }));

const RAW_KYSELY = [/\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(/, /\bsql\s*`/, /\bsql\s*\./, /import\s*\{[^}]*\bsql\b[^}]*\}\s*from\s*"kysely"/];

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
});

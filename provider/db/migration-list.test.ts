/**
 * `provider/db/migration-list.ts` is the folder `provider/db/migrations/`, written out: a static list, because esbuild
 * bundles the embedded provider into the Remix server build, which has no migrations folder to read at run time
 * (docs/decisions/0402-migration-list-generated.md). This test fails when the two differ; after adding a migration,
 *
 *   UPDATE_MIGRATION_LIST=1 npx vitest run provider/db/migration-list.test.ts
 *
 * rewrites the list.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { describe, expect, it } from "vitest";

const here = path.dirname(fileURLToPath(import.meta.url));
const folder = path.join(here, "migrations");
const listFile = path.join(here, "migration-list.ts");

/** A migration's file name: its date and time (UTC, the order it runs in), then what it does. */
const MIGRATION_FILE = /^(\d{4}-\d{2}-\d{2}T\d{4}-[a-z0-9]+(?:-[a-z0-9]+)*)\.ts$/;

/** The list's text for these migration names (sorted, as Kysely runs them). */
function migrationListText(names: string[]): string {
  const sorted = [...names].sort();
  const id = (name: string) => `m${name.replace(/[^A-Za-z0-9]/g, "_")}`;
  return [
    "// Generated from provider/db/migrations/ by provider/db/migration-list.test.ts: do not edit. After adding a",
    "// migration: UPDATE_MIGRATION_LIST=1 npx vitest run provider/db/migration-list.test.ts",
    "// (docs/decisions/0402-migration-list-generated.md).",
    'import type { Migration } from "kysely/migration";',
    "",
    ...sorted.map((name) => `import * as ${id(name)} from "./migrations/${name}";`),
    "",
    "export const migrations: Record<string, Migration> = {",
    ...sorted.map((name) => `  "${name}": ${id(name)},`),
    "};",
    "",
  ].join("\n");
}

describe("the migration list", () => {
  const files = fs.readdirSync(folder).sort();

  it("holds only migrations named YYYY-MM-DDTHHMM-what-it-does.ts", () => {
    expect(files.filter((file) => !MIGRATION_FILE.test(file))).toEqual([]);
  });

  it("is the migrations folder, written out (UPDATE_MIGRATION_LIST=1 rewrites it)", () => {
    const expected = migrationListText(files.map((file) => MIGRATION_FILE.exec(file)?.[1] ?? file));
    if (process.env.UPDATE_MIGRATION_LIST) fs.writeFileSync(listFile, expected);
    expect(fs.readFileSync(listFile, "utf8")).toBe(expected);
  });

  it("writes one import and one entry per migration, in the order they run", () => {
    expect(migrationListText(["2026-12-02T0100-b", "2026-11-30T0900-a"])).toBe(
      [
        "// Generated from provider/db/migrations/ by provider/db/migration-list.test.ts: do not edit. After adding a",
        "// migration: UPDATE_MIGRATION_LIST=1 npx vitest run provider/db/migration-list.test.ts",
        "// (docs/decisions/0402-migration-list-generated.md).",
        'import type { Migration } from "kysely/migration";',
        "",
        'import * as m2026_11_30T0900_a from "./migrations/2026-11-30T0900-a";',
        'import * as m2026_12_02T0100_b from "./migrations/2026-12-02T0100-b";',
        "",
        "export const migrations: Record<string, Migration> = {",
        '  "2026-11-30T0900-a": m2026_11_30T0900_a,',
        '  "2026-12-02T0100-b": m2026_12_02T0100_b,',
        "};",
        "",
      ].join("\n"),
    );
  });
});

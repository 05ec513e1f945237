/**
 * Every decision record's `Status:` line is one of the index's set (docs/decisions/README.md, "Reading a record"), and
 * the index's status column says the same as the record (docs/decisions/0404-decision-statuses-checked.md).
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { describe, expect, it } from "vitest";

const folder = path.join(path.dirname(fileURLToPath(import.meta.url)), "../../docs/decisions");
const records = fs.readdirSync(folder).filter((file) => /^\d{4}-.+\.md$/.test(file));

const REF = String.raw`\[\d{4}\]\(\d{4}-[a-z0-9-]+\.md\)`;
const WHAT = String.raw`\((?:[^()]|\([^()]*\))*\)`;
/** Accepted / Amended by NNNN (what)[; NNNN (what)]… / Superseded by NNNN. */
const STATUS = new RegExp(
  String.raw`^Status: (Accepted|Superseded by ${REF}|Amended by ${REF} ${WHAT}(?:; ${REF} ${WHAT})*)$`,
);

const statusOf = (file: string) =>
  fs
    .readFileSync(path.join(folder, file), "utf8")
    .split("\n")
    .filter((line) => /^status:/i.test(line));

describe("decision records", () => {
  it("each has one Status line, in the index's set", () => {
    const wrong = records.filter((file) => {
      const lines = statusOf(file);
      return lines.length !== 1 || !STATUS.test(lines[0]);
    });
    expect(wrong).toEqual([]);
  });

  it("name only records that exist in their status", () => {
    const missing = records.flatMap((file) =>
      [
        ...statusOf(file)
          .join(" ")
          .matchAll(/\]\((\d{4}-[a-z0-9-]+\.md)\)/g),
      ]
        .map((match) => match[1])
        .filter((target) => !records.includes(target))
        .map((target) => `${file} -> ${target}`),
    );
    expect(missing).toEqual([]);
  });

  it("each has a row in the index whose status is the record's", () => {
    const index = fs.readFileSync(path.join(folder, "README.md"), "utf8").split("\n");
    const rows = new Map(
      index
        .map((line) => /^\| \[\d{4}\]\((\d{4}-[a-z0-9-]+\.md)\) \| .*? \| (.*?) \| /.exec(line))
        .filter((match) => match !== null)
        .map((match) => [match[1], match[2]]),
    );
    const differ = records.filter((file) => rows.get(file) !== statusOf(file)[0]?.slice("Status: ".length));
    expect(differ).toEqual([]);
  });

  it("the set refuses what the index does not define", () => {
    expect(STATUS.test("Status: Accepted")).toBe(true);
    expect(STATUS.test("Status: Superseded by [0200](0200-one-form-kit.md)")).toBe(true);
    expect(
      STATUS.test("Status: Amended by [0280](0280-validation-loads-after-hydration.md) (the schema loads later)"),
    ).toBe(true);
    expect(STATUS.test("Status: accepted (issue 23)")).toBe(false);
    expect(STATUS.test("Status: Replaced by 0303")).toBe(false);
    expect(STATUS.test("Status: Amended by [0280](0280-validation-loads-after-hydration.md)")).toBe(false);
  });
});

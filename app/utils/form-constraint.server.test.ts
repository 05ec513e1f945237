import { describe, expect, it, vi } from "vitest";
import { z } from "zod";

import { formConstraint } from "./form-constraint.server";

describe("formConstraint", () => {
  it("builds a form's constraints once per bounds and hands every request the same frozen object", () => {
    const build = vi.fn(() => z.object({ code: z.string().min(3).max(8) }));
    const first = formConstraint("test-once", { min: 3 }, build);
    const second = formConstraint("test-once", { min: 3 }, build);

    expect(first).toEqual({ code: { required: true, minLength: 3, maxLength: 8 } });
    expect(second).toBe(first);
    expect(build).toHaveBeenCalledTimes(1);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first.code)).toBe(true);
  });

  it("builds again when the bounds change, so a new configured minimum reaches the form", () => {
    const schema = (min: number) => z.object({ amount: z.number().min(min) });
    expect(formConstraint("test-bounds", { min: 100 }, () => schema(100))).toEqual({ amount: { required: true, min: 100 } });
    expect(formConstraint("test-bounds", { min: 500 }, () => schema(500))).toEqual({ amount: { required: true, min: 500 } });
  });

  it("keeps two forms with the same bounds apart", () => {
    expect(formConstraint("test-a", null, () => z.object({ a: z.string() }))).toEqual({ a: { required: true } });
    expect(formConstraint("test-b", null, () => z.object({ b: z.string().optional() }))).toEqual({ b: { required: false } });
  });
});

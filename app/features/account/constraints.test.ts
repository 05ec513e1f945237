/** The account forms' zod schemas: the native constraints the login, register and forgot-password inputs get. */
import { getZodConstraint } from "@conform-to/zod";
import { describe, expect, it } from "vitest";

import { getFixedT } from "~/i18n/i18next.server";

import { createLoginSchema } from "./login.schema";
import { createResetStepSchema } from "../../routes/forgot-password.schema";
import { createRegisterSchema } from "../../routes/register.schema";

describe("form constraints come from the one zod schema the component drives its form with", () => {
  it("login, register and forgot-password give their inputs the schema's native constraints", async () => {
    const t = await getFixedT("en");
    const login = getZodConstraint(createLoginSchema(t));
    expect(login.phone).toMatchObject({ required: true });
    expect(login.password).toMatchObject({ required: true });
    const register = getZodConstraint(createRegisterSchema(t));
    expect(register.password).toMatchObject({ required: true, minLength: 6 });
    expect(register.code).toMatchObject({ required: true });
    expect(getZodConstraint(createResetStepSchema(t)).code).toMatchObject({ required: true });
  });
});

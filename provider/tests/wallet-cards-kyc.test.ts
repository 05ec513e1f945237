import { beforeAll, describe, expect, it } from "vitest";

import { CARD, customer, newTrader, operator, pngWithExif, upload, useInProcessProvider } from "./helpers";
import { normaliseBankCard } from "../services/bank-cards";

/* Bank cards and real-name verification (docs/decisions/0072), INR deployment, time frozen. */
const AT = new Date("2026-11-20T09:15:00Z");
const p = useInProcessProvider({ now: () => AT });
const op = operator(p);
let png: Buffer;
beforeAll(async () => {
  png = await pngWithExif();
});

describe("bank cards", () => {
  it("a new card waits for review; the operator approves or rejects it once; the list shows only the customer's cards", async () => {
    const t = await newTrader(p, "0");
    const other = await newTrader(p, "0");
    const c = customer(p, t.token);
    const added = await c.post("/bank/add", CARD);
    expect(added.body).toEqual({
      msg: "ok",
      data: {
        id: expect.any(Number),
        bank: "State Bank of India",
        type: "State Bank of India",
        branch_bank: "MG Road",
        bank_card: "30001234567890",
        bank_user: "Ravi Kumar",
        ifsc: "SBIN0001234",
        status: 0,
        reason: null,
        created_at: AT.toISOString(),
        updated_at: AT.toISOString(),
      },
    });
    const id = added.body.data.id;
    const second = (await c.post("/bank/add", { ...CARD, bank_card: "30001234567891" })).body.data.id;
    await customer(p, other.token).post("/bank/add", { ...CARD, bank_card: "40001234567890" });

    expect((await op.pending()).cards.find((x: any) => x.id === id)).toMatchObject({ user: t.phone, status: 0 });
    expect((await op.approve("card", id)).body.data).toMatchObject({ id, status: 1, reason: null });
    expect((await op.reject("card", second, "Photo unreadable")).body.data).toMatchObject({
      id: second,
      status: 2,
      reason: "Photo unreadable",
    });
    for (const again of [() => op.approve("card", id), () => op.reject("card", id), () => op.approve("card", second)]) {
      expect((await again()).body.data).toMatchObject({ code: "already_processed", field: "id" });
    }
    expect((await op.approve("card", 99999999)).body.data.code).toBe("not_found");

    const list = (await c.get("/bank/list")).body.data;
    expect(list.map((x: any) => [x.id, x.status])).toEqual([
      [second, 2],
      [id, 1],
    ]);
    expect((await c.get("/bank/list?status=1")).body.data.map((x: any) => x.id)).toEqual([id]);
    expect((await c.get("/bank/list?type=whatever")).body.data).toHaveLength(2);
  });

  it("an edit that changes anything goes back to review; an unchanged edit keeps the status", async () => {
    const t = await newTrader(p, "0");
    const c = customer(p, t.token);
    const id = (await c.post("/bank/add", CARD)).body.data.id;
    await op.approve("card", id);
    const same = await c.post("/bank/edit", { id, ...CARD, ifsc: "sbin0001234" });
    expect(same.body.data).toMatchObject({ id, status: 1 });
    const edited = await c.post("/bank/edit", {
      id,
      type: "Axis Bank",
      branch_bank: "",
      bank_card: "91701 00123 4567",
      ifsc: "UTIB0000004",
      bank_user: "Ravi Kumar",
    });
    expect(edited.body.data).toMatchObject({
      id,
      bank: "Axis Bank",
      branch_bank: "",
      bank_card: "91701001234567",
      ifsc: "UTIB0000004",
      status: 0,
      reason: null,
    });
    expect((await op.approve("card", id)).body.data.status).toBe(1);
  });

  it("another customer's card can be neither edited nor used", async () => {
    const owner = await newTrader(p, "1000.00");
    const intruder = await newTrader(p, "1000.00");
    const id = (await customer(p, owner.token).post("/bank/add", CARD)).body.data.id;
    await op.approve("card", id);
    const i = customer(p, intruder.token);
    expect((await i.post("/bank/edit", { id, ...CARD, bank_card: "11112222333344" })).body.data).toMatchObject({
      code: "not_found",
      field: "id",
    });
    expect((await i.post("/money/access", { bank_id: id, count: "100" })).body.data).toMatchObject({
      code: "not_found",
      field: "bank_id",
    });
    expect((await i.get("/bank/list")).body.data).toEqual([]);
    expect((await customer(p, owner.token).get("/bank/list")).body.data[0]).toMatchObject({
      id,
      bank_card: "30001234567890",
      status: 1,
    });
  });

  it("INR needs name, bank, IFSC and account number; refuses a malformed IFSC or number and a duplicate", async () => {
    const t = await newTrader(p, "0");
    const c = customer(p, t.token);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...CARD, bank_user: " " }, "invalid_input", "bank_user"],
      [{ ...CARD, bank: "" }, "invalid_input", "bank"],
      [{ ...CARD, ifsc: undefined }, "invalid_input", "ifsc"],
      [{ ...CARD, bank_card: "" }, "invalid_input", "bank_card"],
      [{ ...CARD, ifsc: "SBIN1001234" }, "ifsc_invalid", "ifsc"],
      [{ ...CARD, ifsc: "SBI00001234" }, "ifsc_invalid", "ifsc"],
      [{ ...CARD, bank_card: "12345678" }, "bank_card_invalid", "bank_card"],
      [{ ...CARD, bank_card: "3000123456789A" }, "bank_card_invalid", "bank_card"],
      [{ ...CARD, bank_card: 30001234567890 }, "invalid_input", "bank_card"],
      [{ ...CARD, bank_user: "x".repeat(101) }, "invalid_input", "bank_user"],
    ];
    for (const [body, code, field] of cases) {
      expect((await c.post("/bank/add", body)).body, JSON.stringify(body)).toMatchObject({
        msg: "no",
        data: { code, field },
      });
    }
    expect((await c.post("/bank/add", CARD)).body.msg).toBe("ok");
    expect((await c.post("/bank/add", { ...CARD, bank_card: "3000 1234 5678 90" })).body.data).toMatchObject({
      code: "bank_card_exists",
      field: "bank_card",
    });
    expect((await c.get("/bank/list")).body.data).toHaveLength(1);
  });

  it("MXN needs bank name, card number and cardholder; the IFSC is not asked for and not kept", () => {
    expect(
      normaliseBankCard(
        { bank: "BBVA México", bank_card: "4152 3134 1234 5678", bank_user: "Ana López", ifsc: "whatever" },
        "MXN",
      ),
    ).toEqual({
      bank: "BBVA México",
      branch_bank: "",
      bank_card: "4152313412345678",
      bank_user: "Ana López",
      ifsc: "",
    });
    expect(
      normaliseBankCard({ type: "Banorte", bank_card: "072180012345678901", bank_user: "Ana López" }, "MXN").bank,
    ).toBe("Banorte");
    for (const [input, field] of [
      [{ bank_card: "4152313412345678", bank_user: "Ana" }, "bank"],
      [{ bank: "BBVA", bank_user: "Ana" }, "bank_card"],
      [{ bank: "BBVA", bank_card: "4152313412345678" }, "bank_user"],
      [{ bank: "BBVA", bank_card: "415231", bank_user: "Ana" }, "bank_card"],
    ] as const) {
      expect(() => normaliseBankCard(input, "MXN")).toThrow(expect.objectContaining({ field }));
    }
  });
});

describe("real-name verification", () => {
  async function photos(token: string) {
    const front = (await upload(p, token, png)).body.data.url;
    const back = (await upload(p, token, png)).body.data.url;
    return { id_number_img: front, id_number_img_two: back };
  }
  const person = { real_name: "Priya Sharma", id_type: "passport", id_number: "k1234567" };

  it("submitting locks the form under review; the operator's approval shows approved and stays locked", async () => {
    const t = await newTrader(p, "0");
    const c = customer(p, t.token);
    expect((await c.get("/autonomy/state")).body.data).toMatchObject({
      status: null,
      real_name: null,
      id_number_img: null,
    });
    const imgs = await photos(t.token);
    const submitted = await c.post("/autonomy/add", { ...person, ...imgs });
    expect(submitted.body).toEqual({
      msg: "ok",
      data: {
        id: expect.any(Number),
        status: 1,
        real_name: "Priya Sharma",
        id_type: "passport",
        id_number: "K1234567",
        id_number_img: imgs.id_number_img,
        id_number_img_two: imgs.id_number_img_two,
        reason: null,
        created_at: AT.toISOString(),
        updated_at: AT.toISOString(),
      },
    });
    const id = submitted.body.data.id;
    expect((await c.get("/autonomy/state")).body.data).toEqual(submitted.body.data);
    expect((await c.post("/autonomy/add", { ...person, ...imgs })).body).toEqual({
      msg: "no",
      data: { code: "kyc_locked", message: "under review" },
    });

    expect((await op.pending()).kyc.find((x: any) => x.id === id)).toMatchObject({ user: t.phone, status: 1 });
    expect((await op.approve("kyc", id)).body.data).toMatchObject({ id, status: 2 });
    expect((await c.get("/autonomy/state")).body.data).toMatchObject({ id, status: 2, real_name: "Priya Sharma" });
    expect((await c.post("/autonomy/add", { ...person, ...imgs })).body.data).toEqual({
      code: "kyc_locked",
      message: "already approved",
    });
    expect((await op.approve("kyc", id)).body.data.code).toBe("already_processed");
    expect((await op.reject("kyc", id)).body.data.code).toBe("already_processed");
  });

  it("after a rejection the customer submits again", async () => {
    const t = await newTrader(p, "0");
    const c = customer(p, t.token);
    const imgs = await photos(t.token);
    const first = (await c.post("/autonomy/add", { ...person, id_type: undefined, ...imgs })).body.data;
    expect(first.id_type).toBe("idCard");
    expect((await op.reject("kyc", first.id, "Photo is blurred")).body.data).toMatchObject({
      status: 3,
      reason: "Photo is blurred",
    });
    expect((await c.get("/autonomy/state")).body.data).toMatchObject({ status: 3, reason: "Photo is blurred" });
    const second = await c.post("/autonomy/add", { ...person, ...imgs });
    expect(second.body.data).toMatchObject({ status: 1, reason: null });
    expect(second.body.data.id).not.toBe(first.id);
  });

  it("needs the customer's own uploads and well-formed fields", async () => {
    const t = await newTrader(p, "0");
    const stranger = await newTrader(p, "0");
    const c = customer(p, t.token);
    const mine = await photos(t.token);
    const theirs = await photos(stranger.token);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...person, ...mine, id_number_img: theirs.id_number_img }, "id_number_img"],
      [{ ...person, ...mine, id_number_img_two: theirs.id_number_img_two }, "id_number_img_two"],
      [{ ...person, ...mine, id_number_img: "https://evil.example/x.jpg" }, "id_number_img"],
      [{ ...person, ...mine, id_number_img: "00000000-0000-4000-8000-000000000000" }, "id_number_img"],
      [{ ...person, ...mine, real_name: "  " }, "real_name"],
      [{ ...person, ...mine, id_type: "visa" }, "id_type"],
      [{ ...person, ...mine, id_number: "a!" }, "id_number"],
      [{ ...mine, real_name: "Priya" }, "id_number"],
    ];
    for (const [body, field] of cases) {
      expect((await c.post("/autonomy/add", body)).body, JSON.stringify(body)).toMatchObject({
        msg: "no",
        data: { code: "invalid_input", field },
      });
    }
    expect((await c.get("/autonomy/state")).body.data.status).toBeNull();
    // The bare upload id works as well as the url.
    const bare = { id_number_img: mine.id_number_img.split("/").at(-1), id_number_img_two: mine.id_number_img_two };
    expect((await c.post("/autonomy/add", { ...person, ...bare })).body.data).toMatchObject({
      status: 1,
      id_number_img: mine.id_number_img,
    });
  });
});

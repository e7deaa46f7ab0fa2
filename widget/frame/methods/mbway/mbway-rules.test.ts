import { describe, expect, it } from "vitest";
import { PHONE_COUNTRIES } from "@contract/phone-numbers";
import { validate } from "../../utils/validation";
import { formatPhone, maxPhoneLength, type MbwayValues, mbwayRules } from "./mbway-rules";

const check = (countryCode: string, number: string, moment: "input" | "blur" = "blur") => {
  const values: MbwayValues = { countryCode, number };
  return validate(mbwayRules.number, number, values, moment)?.key ?? null;
};

describe("MB WAY phone rules per country", () => {
  it("lists Portugal first", () => {
    expect(PHONE_COUNTRIES[0]).toMatchObject({ code: "351", name: "Portugal" });
  });

  it("accepts every country's example mobile number and the sandbox phones", () => {
    for (const country of PHONE_COUNTRIES)
      expect(check(country.code, country.example), country.iso).toBeNull();
    for (const phone of ["911111111", "922222222", "933333333", "962345678"])
      expect(check("351", phone)).toBeNull();
  });

  it("refuses Portuguese landlines, short and long numbers on blur", () => {
    expect(check("351", "212345678")).toBe("phoneInvalid");
    expect(check("351", "94234567")).toBe("phoneInvalid");
    expect(check("351", "9123456789")).toBe("phoneInvalid");
    expect(check("351", "")).toBe("phoneRequired");
  });

  it("judges a number by the chosen country's rules", () => {
    expect(check("34", "612345678")).toBeNull();
    expect(check("34", "912345678")).toBe("phoneInvalid"); // a Spanish landline
    expect(check("351", "612345678")).toBe("phoneInvalid");
    expect(check("49", "1512345678")).toBeNull(); // German mobiles have 10 or 11 digits
    expect(check("49", "15123456789")).toBeNull();
    expect(check("44", "7400123456")).toBeNull();
    expect(check("44", "0740012345")).toBe("phoneInvalid");
    expect(check("352", "621123456")).toBeNull();
    expect(check("41", "781234567")).toBeNull();
    expect(check("33", "512345678")).toBe("phoneInvalid");
  });

  it("while typing, only a number of full length can be wrong", () => {
    expect(check("351", "", "input")).toBeNull();
    expect(check("351", "2123", "input")).toBeNull();
    expect(check("351", "212345678", "input")).toBe("phoneInvalid");
    expect(check("351", "912345678", "input")).toBeNull();
  });

  it("refuses a country code it does not know", () => {
    const values = { countryCode: "999", number: "912345678" };
    expect(validate(mbwayRules.countryCode, "999", values, "blur")?.key).toBe("countryInvalid");
    expect(validate(mbwayRules.countryCode, "351", values, "blur")).toBeNull();
  });
});

describe("formatPhone", () => {
  it("keeps digits only, up to the country's longest number", () => {
    expect(formatPhone("912 345 678", "351")).toBe("912345678");
    expect(formatPhone("91-234-5678-999", "351")).toBe("912345678");
    expect(formatPhone("151234567890", "49")).toBe("15123456789");
    expect(maxPhoneLength("999")).toBe(15);
  });
});

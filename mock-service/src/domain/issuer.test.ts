import { describe, expect, it } from "vitest";
import { decideNewCard, decideSavedCard, isCardExpired, profileOf } from "./issuer";

describe("sandbox issuer", () => {
  it("approves, declines and challenges new cards by test number", () => {
    expect(decideNewCard("4242424242424242")).toEqual({ kind: "approve" });
    expect(decideNewCard("4000000000009995")).toEqual({ kind: "decline", reason: "insufficient_funds" });
    expect(decideNewCard("4000000000003055")).toEqual({ kind: "approve" });
    expect(decideNewCard("4000000000003220")).toEqual({ kind: "challenge", then: { approved: true } });
    expect(decideNewCard("4000008400001629")).toEqual({
      kind: "challenge",
      then: { approved: false, reason: "card_declined" },
    });
    expect(decideNewCard("4111111111111111")).toEqual({ kind: "decline", reason: "not_a_test_card" });
  });

  it("0341 is approved when saved, then every saved payment is declined", () => {
    expect(decideNewCard("4000000000000341")).toEqual({ kind: "approve" });
    expect(decideSavedCard(profileOf("4000000000000341"))).toEqual({
      kind: "decline",
      reason: "card_declined",
    });
  });

  it("a card saved from 3220 asks for the challenge on every payment; 4242 and 3055 do not", () => {
    expect(decideSavedCard(profileOf("4000000000003220")).kind).toBe("challenge");
    expect(decideSavedCard(profileOf("4000000000003055"))).toEqual({ kind: "approve" });
    expect(decideSavedCard(profileOf("4242424242424242"))).toEqual({ kind: "approve" });
  });

  it("a card expires after the last day of its month", () => {
    const now = new Date("2030-06-15T12:00:00Z");
    expect(isCardExpired("06", "2030", now)).toBe(false);
    expect(isCardExpired("05", "2030", now)).toBe(true);
    expect(isCardExpired("01", "2031", now)).toBe(false);
    expect(isCardExpired("12", "2029", now)).toBe(true);
  });
});

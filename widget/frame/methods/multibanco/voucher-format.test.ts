import { describe, expect, it } from "vitest";
import { formatDeadline, groupReference } from "./voucher-format";

describe("voucher formatting", () => {
  it("groups a reference in threes", () => {
    expect(groupReference("123456789")).toBe("123 456 789");
    expect(groupReference("012345678")).toBe("012 345 678");
  });

  it("writes the deadline's date and time in the shopper's language", () => {
    const iso = "2026-11-27T10:42:00.000+00:00";
    expect(formatDeadline(iso, "en-GB", "UTC")).toBe("27 Nov 2026, 10:42");
    expect(formatDeadline(iso, "pt-PT", "UTC")).toMatch(/^27\/11\/2026,? 10:42$/);
  });
});

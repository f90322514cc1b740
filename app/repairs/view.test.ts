import { describe, expect, it } from "vitest";
import { clerkInitials } from "./view";

describe("the clerk's initials on the claim ticket", () => {
  it("are the first letters of the parts of the e-mail's name, at most three", () => {
    expect(clerkInitials("jane.doe@store.example")).toBe("JD");
    expect(clerkInitials("sam@store.example")).toBe("S");
    expect(clerkInitials("mary-ann_lee.smith.jones@x")).toBe("MAL");
  });
});

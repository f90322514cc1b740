import { describe, expect, it } from "vitest";
import { currentSettings, forOrigin, prebuiltEntry, type PrebuiltManifest } from "./prebuilt-pages";

const services = { asset: "/__pages/services", headers: { "Content-Type": "text/html; charset=utf-8" } };
const manifest: PrebuiltManifest = {
  buildVersion: "build-a",
  origin: "http://prebuilt-origin.localhost",
  gaMeasurementId: "",
  year: 2026,
  pages: { "/services": services },
};
const settings = { buildVersion: "build-a", gaMeasurementId: "", year: 2026 };

describe("prebuiltEntry", () => {
  it("finds a page the build made, for the settings it was made with", () => {
    expect(prebuiltEntry(manifest, "/services", settings)).toEqual(services);
  });

  it("is not used by another build", () => {
    expect(prebuiltEntry(manifest, "/services", { ...settings, buildVersion: "build-b" })).toBeUndefined();
  });

  it("is not used once the analytics id differs from the one it was rendered with", () => {
    expect(prebuiltEntry(manifest, "/services", { ...settings, gaMeasurementId: "G-ABCDE12345" })).toBeUndefined();
  });

  it("is not used in a later year: the footer's © names the year it was rendered", () => {
    expect(prebuiltEntry(manifest, "/services", { ...settings, year: 2027 })).toBeUndefined();
  });

  it("knows only the paths it lists, in their exact spelling", () => {
    expect(prebuiltEntry(manifest, "/Services", settings)).toBeUndefined();
    expect(prebuiltEntry(manifest, "/contactus", settings)).toBeUndefined();
    expect(prebuiltEntry(manifest, "/constructor", settings)).toBeUndefined();
    expect(prebuiltEntry(null, "/services", settings)).toBeUndefined();
  });
});

describe("currentSettings", () => {
  it("takes the analytics id as the page would render it, and the year in UTC", () => {
    const newYearsEve = new Date("2026-12-31T23:30:00-06:00"); // already 2027 in UTC
    expect(currentSettings("build-a", { GA_MEASUREMENT_ID: " G-ABCDE12345 " }, newYearsEve)).toEqual({
      buildVersion: "build-a",
      gaMeasurementId: "G-ABCDE12345",
      year: 2027,
    });
    expect(currentSettings("build-a", { GA_MEASUREMENT_ID: "not-an-id" }).gaMeasurementId).toBe("");
  });
});

describe("forOrigin", () => {
  it("writes nothing but a plain origin: a host with quotes or `$'` is left to a render, which escapes it", () => {
    const html = '<link rel="canonical" href="http://prebuilt-origin.localhost/services"/>';
    for (const origin of ['http://x"onmouseover="a', "http://x$'y", "http://x&amp;y", "http://[::1]:8787"]) {
      expect(forOrigin(html, manifest.origin, origin), origin).toBeUndefined();
    }
    expect(forOrigin(html, manifest.origin, "http://127.0.0.1:8787")).toBe('<link rel="canonical" href="http://127.0.0.1:8787/services"/>');
  });

  it("names the request's origin wherever the placeholder stood", () => {
    const html = '<link rel="canonical" href="http://prebuilt-origin.localhost/services"/><script type="application/ld+json">{"url":"http://prebuilt-origin.localhost"}</script>';
    expect(forOrigin(html, manifest.origin, "https://jewelry.example")).toBe(
      '<link rel="canonical" href="https://jewelry.example/services"/><script type="application/ld+json">{"url":"https://jewelry.example"}</script>',
    );
  });
});

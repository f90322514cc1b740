// A unit test of app/http/static-document.server.ts, with React's real server
// renderer. It runs here, in Node, because the workerd test pool cannot load
// React's CommonJS build; no browser is started.
import { expect, test } from "@playwright/test";
import { createElement, lazy, Suspense, type ReactNode } from "react";
import { renderStaticDocument } from "../../app/http/static-document.server";

const documentWith = (body: ReactNode) =>
  createElement("html", { lang: "en" }, createElement("head", null, createElement("title", null, "Terms")), createElement("body", null, body));

/** A component whose code is still loading: it suspends until the promise settles. */
const NeverLoaded = lazy(() => new Promise<never>(() => {}));

function Broken(): ReactNode {
  throw new Error("broken");
}

const fallback = createElement("p", null, "Loading…");

test.describe("renderStaticDocument", () => {
  test("renders a page in one pass, as a whole document", () => {
    const html = renderStaticDocument(documentWith(createElement("h1", null, "Terms & Conditions")));
    expect(html).toMatch(/^<!DOCTYPE html><html lang="en"><head>.*<title>Terms<\/title>.*<\/head><body><h1>Terms &amp; Conditions<\/h1><\/body><\/html>$/);
  });

  test("leaves a page to the stream when part of it suspends, instead of keeping the fallback", () => {
    expect(renderStaticDocument(documentWith(createElement(Suspense, { fallback }, createElement(NeverLoaded))))).toBeNull();
    expect(renderStaticDocument(documentWith(createElement(NeverLoaded)))).toBeNull();
  });

  test("leaves a page to the stream when part of it fails, so the failure is reported", () => {
    expect(renderStaticDocument(documentWith(createElement(Suspense, { fallback }, createElement(Broken))))).toBeNull();
    expect(renderStaticDocument(documentWith(createElement(Broken)))).toBeNull();
  });

  test("renders a boundary whose content is ready as that content", () => {
    const html = renderStaticDocument(documentWith(createElement(Suspense, { fallback }, createElement("p", null, "Ready"))));
    expect(html).toContain("<p>Ready</p>");
    expect(html).not.toContain("Loading");
  });
});

import type { Locator } from "@playwright/test";

/**
 * An element's text as the browser laid it out, once the page's fonts have loaded: each character, grouped by the line box it sits on. (A space that
 * collapsed at a line's end has no box and is left out.)
 */
export async function textLines(element: Locator): Promise<string[]> {
  return element.evaluate(async (root) => {
    // Measured in the page's own fonts: a fallback's narrower letters would wrap elsewhere.
    await document.fonts.ready;
    const lines: { top: number; text: string }[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      for (let i = 0; i < text.length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = range.getClientRects()[0];
        if (!rect) continue;
        const last = lines[lines.length - 1];
        if (last && Math.abs(last.top - rect.top) < rect.height / 2) last.text += text[i];
        else lines.push({ top: rect.top, text: text[i]! });
      }
    }
    return lines.map((line) => line.text);
  });
}

// Regenerates the web fonts in app/assets/fonts from the fontsource packages:
// `node scripts/subset-fonts.mjs` (after bumping a fontsource package, or after
// changing a face in app/styles/site/base.css). Each @font-face there is the one
// statement of what its file holds: the characters of its unicode-range and, for
// the variable font, its font-weight range, to which the weight axis is cut.
// Each family is split in two (docs/decisions/078): the "core" file the first
// screen waits for, and an "extra" one with the rest of Western European text,
// which a browser fetches only for a page that shows one of its characters.
// Only the OpenType features text needs by default are kept (LAYOUT_FEATURES):
// the site turns on no stylistic set, alternate or figure style, and Inter's
// contextual alternates alone cost 3.5 KB. A character outside every range is
// drawn from the metric-matched fallback font, without a download.
import { copyFileSync, readFileSync, writeFileSync } from "node:fs";
import subsetFont from "subset-font";

const OUT = "app/assets/fonts";
const STYLESHEET = "app/styles/site/base.css";

/** "U+0020-007E, U+00A0" → every character in those ranges. */
function charactersOf(unicodeRange) {
  let text = "";
  for (const part of unicodeRange.split(",")) {
    const [first, last = first] = part.trim().replace(/^U\+/, "").split("-");
    for (let code = parseInt(first, 16); code <= parseInt(last, 16); code++) text += String.fromCodePoint(code);
  }
  return text;
}

/** The @font-face block of base.css whose src is this file. */
function faceFor(file) {
  const face = readFileSync(STYLESHEET, "utf8")
    .split("@font-face")
    .find((block) => block.includes(`fonts/${file}`));
  if (!face) throw new Error(`${STYLESHEET} has no @font-face for ${file}`);
  const property = (name) => new RegExp(`${name}:\\s*([^;]+);`).exec(face)?.[1]?.trim();
  return { unicodeRange: property("unicode-range"), weight: property("font-weight") };
}

/** Kerning, ligatures, and the composition and localisation rules of accented text. */
const LAYOUT_FEATURES = ["kern", "liga", "ccmp", "locl", "mark", "mkmk"];

const INTER = {
  from: "node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2",
  license: "node_modules/@fontsource-variable/inter/LICENSE",
  family: "inter",
  variable: true,
};
const CORMORANT = {
  from: "node_modules/@fontsource/cormorant-garamond/files/cormorant-garamond-latin-600-normal.woff2",
  license: "node_modules/@fontsource/cormorant-garamond/LICENSE",
  family: "cormorant-garamond",
};

const FONTS = [
  { ...INTER, to: "inter-core-wght-400-700.woff2" },
  { ...INTER, to: "inter-extra-wght-400-700.woff2" },
  { ...CORMORANT, to: "cormorant-garamond-core-600.woff2" },
  { ...CORMORANT, to: "cormorant-garamond-extra-600.woff2" },
];

for (const font of FONTS) {
  const { unicodeRange, weight } = faceFor(font.to);
  if (!unicodeRange) throw new Error(`the @font-face for ${font.to} needs a unicode-range`);
  const [min, max = min] = (weight ?? "").split(/\s+/).map(Number);
  const variationAxes = font.variable ? { wght: { min, max } } : undefined;
  const source = readFileSync(font.from);
  const subset = await subsetFont(source, charactersOf(unicodeRange), {
    targetFormat: "woff2",
    variationAxes,
    keepFeatures: LAYOUT_FEATURES,
  });
  writeFileSync(`${OUT}/${font.to}`, subset);
  // The SIL Open Font License travels with the font software.
  copyFileSync(font.license, `${OUT}/${font.family}.LICENSE.txt`);
  console.log(`${font.to}: ${(source.length / 1024).toFixed(1)} KB → ${(subset.length / 1024).toFixed(1)} KB`);
}

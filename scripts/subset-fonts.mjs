// Regenerates the two web fonts in app/assets/fonts from the fontsource packages:
// `node scripts/subset-fonts.mjs` (after bumping a fontsource package, or after
// changing a face in app/styles/site/base.css). Each @font-face there is the one
// statement of what its file holds: the characters of its unicode-range
// (Western European text: ASCII, Latin-1, typographic quotes and dashes, the few
// symbols the site uses) and, for the variable font, its font-weight range, to
// which the weight axis is cut. That takes the two files the first screen waits
// for from 73 KB to 46 KB (docs/decisions/075). A character outside the range is
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

const FONTS = [
  {
    from: "node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2",
    license: "node_modules/@fontsource-variable/inter/LICENSE",
    to: "inter-latin-wght-400-700.woff2",
    variable: true,
  },
  {
    from: "node_modules/@fontsource/cormorant-garamond/files/cormorant-garamond-latin-600-normal.woff2",
    license: "node_modules/@fontsource/cormorant-garamond/LICENSE",
    to: "cormorant-garamond-latin-600.woff2",
  },
];

for (const font of FONTS) {
  const { unicodeRange, weight } = faceFor(font.to);
  if (!unicodeRange) throw new Error(`the @font-face for ${font.to} needs a unicode-range`);
  const [min, max = min] = (weight ?? "").split(/\s+/).map(Number);
  const variationAxes = font.variable ? { wght: { min, max } } : undefined;
  const source = readFileSync(font.from);
  const subset = await subsetFont(source, charactersOf(unicodeRange), { targetFormat: "woff2", variationAxes });
  writeFileSync(`${OUT}/${font.to}`, subset);
  // The SIL Open Font License travels with the font software.
  copyFileSync(font.license, `${OUT}/${font.to.replace(/\.woff2$/, ".LICENSE.txt")}`);
  console.log(`${font.to}: ${(source.length / 1024).toFixed(1)} KB → ${(subset.length / 1024).toFixed(1)} KB`);
}

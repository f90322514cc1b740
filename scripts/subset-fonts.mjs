// Regenerates the two web fonts in app/assets/fonts from the fontsource packages:
// `node scripts/subset-fonts.mjs` (after bumping a fontsource package). Both stay
// on fontsource's Latin character set; Inter's weight axis is cut to the 400–700
// the stylesheet uses, and hinting is dropped. That takes the two files the first
// screen waits for from 73 KB to 48 KB (docs/decisions/075).
import { copyFileSync, readFileSync, writeFileSync } from "node:fs";
import subsetFont from "subset-font";

const OUT = "app/assets/fonts";

/** fontsource's "latin" subset, as its CSS declares it (the same list is the @font-face unicode-range). */
const LATIN = "U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD";

function charactersOf(unicodeRange) {
  let text = "";
  for (const part of unicodeRange.split(",")) {
    const [first, last = first] = part.trim().replace(/^U\+/, "").split("-");
    for (let code = parseInt(first, 16); code <= parseInt(last, 16); code++) text += String.fromCodePoint(code);
  }
  return text;
}

const FONTS = [
  {
    from: "node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2",
    license: "node_modules/@fontsource-variable/inter/LICENSE",
    to: "inter-latin-wght-400-700.woff2",
    variationAxes: { wght: { min: 400, max: 700 } },
  },
  {
    from: "node_modules/@fontsource/cormorant-garamond/files/cormorant-garamond-latin-600-normal.woff2",
    license: "node_modules/@fontsource/cormorant-garamond/LICENSE",
    to: "cormorant-garamond-latin-600.woff2",
  },
];

const text = charactersOf(LATIN);
for (const font of FONTS) {
  const source = readFileSync(font.from);
  const subset = await subsetFont(source, text, { targetFormat: "woff2", variationAxes: font.variationAxes });
  writeFileSync(`${OUT}/${font.to}`, subset);
  // The SIL Open Font License travels with the font software.
  copyFileSync(font.license, `${OUT}/${font.to.replace(/\.woff2$/, ".LICENSE.txt")}`);
  console.log(`${font.to}: ${(source.length / 1024).toFixed(1)} KB → ${(subset.length / 1024).toFixed(1)} KB`);
}

// Regenerates the two web fonts in app/assets/fonts from the fontsource packages:
// `node scripts/subset-fonts.mjs` (after bumping a fontsource package). Both keep
// the characters of Western European text (ASCII, Latin-1, typographic quotes
// and dashes, the few symbols the site uses); Inter's weight axis is cut to the
// 400–700 the stylesheet uses. That takes the two files the first screen waits
// for from 73 KB to 46 KB (docs/decisions/075). A character outside the set is
// drawn from the metric-matched fallback font, without a download.
import { copyFileSync, readFileSync, writeFileSync } from "node:fs";
import subsetFont from "subset-font";

const OUT = "app/assets/fonts";

/** The characters kept; app/styles/site/base.css declares the same list as each face's unicode-range. */
const CHARACTERS =
  "U+0020-007E, U+00A0-00FF, U+2013-2014, U+2018-2019, U+201A, U+201C-201E, U+2022, U+2026, U+2032-2033, U+20AC, U+2122, U+2190, U+2192, U+2212, U+2265, U+2713";

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

const text = charactersOf(CHARACTERS);
for (const font of FONTS) {
  const source = readFileSync(font.from);
  const subset = await subsetFont(source, text, { targetFormat: "woff2", variationAxes: font.variationAxes });
  writeFileSync(`${OUT}/${font.to}`, subset);
  // The SIL Open Font License travels with the font software.
  copyFileSync(font.license, `${OUT}/${font.to.replace(/\.woff2$/, ".LICENSE.txt")}`);
  console.log(`${font.to}: ${(source.length / 1024).toFixed(1)} KB → ${(subset.length / 1024).toFixed(1)} KB`);
}

import { Fragment } from "react";

/** `text` with a `<wbr>` before each place `breakBefore` finds, so a narrow column wraps it there. */
function withBreaks(text: string, breakBefore: RegExp) {
  return text.split(breakBefore).map((part, index) => (
    <Fragment key={index}>
      {index > 0 ? <wbr /> : null}
      {part}
    </Fragment>
  ));
}

/**
 * A web address in running text that wraps only where a reader expects it, before a dot or a slash (a `<wbr>`
 * there), instead of inside a word ("repa ir") where the column is too narrow for all of it. "www." stays with
 * the name that follows it: a line that ends in "www" reads as a word of its own.
 */
export function WebAddress({ address }: { address: string }) {
  return withBreaks(address, /(?<!^www)(?=[./?])/);
}

/**
 * A mailto link whose address wraps before its "@" or a dot, not inside a word ("example.co m"), in a narrow column.
 * It is named by the address itself: Chromium reads each `<wbr>` in a link's text as a space.
 */
export function EmailLink({ address }: { address: string }) {
  return (
    <a href={`mailto:${address}`} aria-label={address}>
      {withBreaks(address, /(?=[@.])/)}
    </a>
  );
}

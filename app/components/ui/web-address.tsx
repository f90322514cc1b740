import { Fragment } from "react";

/**
 * A web address in running text that wraps only where a reader expects it, before a dot or a slash (a `<wbr>`
 * there), instead of inside a word ("repa ir") where the column is too narrow for all of it. "www." stays with
 * the name that follows it: a line that ends in "www" reads as a word of its own.
 */
export function WebAddress({ address }: { address: string }) {
  return address.split(/(?<!^www)(?=[./?])/).map((part, index) => (
    <Fragment key={index}>
      {index > 0 ? <wbr /> : null}
      {part}
    </Fragment>
  ));
}

/** Longer parts may break inside, so a very long one still fits a phone's column instead of running off it. */
const UNBROKEN_PART_CHARS = 20;

/**
 * A mailto link whose address wraps before its "@" or a dot, not inside a word ("example.co m") or after a hyphen
 * ("bartlett- example.com"), in a narrow column: each part between those is kept on one line. It is named by the
 * address itself: Chromium reads each `<wbr>` in a link's text as a space.
 */
export function EmailLink({ address }: { address: string }) {
  const parts = address.split(/(?=[@.])/);
  return (
    <a href={`mailto:${address}`} aria-label={address}>
      {/* One box for the parts: a table row's links are flex boxes (44 px targets), whose every child would be an item. */}
      <span>
        {parts.map((part, index) => (
          <Fragment key={index}>
            {index > 0 ? <wbr /> : null}
            {part.length <= UNBROKEN_PART_CHARS ? <span className="email-part">{part}</span> : part}
          </Fragment>
        ))}
      </span>
    </a>
  );
}

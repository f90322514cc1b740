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

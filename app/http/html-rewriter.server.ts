/** An HTMLRewriter handler that sets one attribute on every element it matches. */
export function setsAttribute(name: string, value: string): HTMLRewriterElementContentHandlers {
  return {
    element(element) {
      element.setAttribute(name, value);
    },
  };
}

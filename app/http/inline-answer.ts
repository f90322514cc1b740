// A form that posts through a fetcher (JavaScript on) adds this field and gets
// its answer as data, so the page stays put. Without it, the same post gets the
// classic redirect with a toast: one route, one outcome, two ways to show it.
export const INLINE_ANSWER = { name: "respond", value: "inline" } as const;

export function wantsInlineAnswer(formData: FormData): boolean {
  return formData.get(INLINE_ANSWER.name) === INLINE_ANSWER.value;
}

// The Texts list's filter (decision 144), here so the audit page names it as the list does.

/** Whether a clerk has texted the number since the text came (a reply waiting for quiet hours counts). */
export const TEXT_FILTERS = ["not-replied", "replied"] as const;
export type TextFilter = (typeof TEXT_FILTERS)[number];
export const TEXT_FILTER_LABELS: Record<TextFilter, string> = { "not-replied": "Not replied", replied: "Replied" };

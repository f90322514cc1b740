import { z } from "zod";
import { choiceField, emailField, nameField, optionalMultiLine, optionalSingleLine, phoneField } from "./fields";

// The custom order form's rules, run by the browser for instant feedback and by the server.

const JEWELRY_TYPES = ["Custom Charm", "Custom Grillz", "Custom Ring", "Custom Watch", "Other"] as const;
export const MATERIALS = ["Gold Yellow", "Gold White", "Gold Rose", "Silver", "Platinum", "Other"] as const;
const DIAMOND_OPTIONS = ["Authentic Diamond", "Synthetic Diamonds", "Moissanite", "Other"] as const;

/** The three selects, each with an "Other" that needs words in its own text field. */
export const ORDER_CHOICES = [
  {
    select: "jewelryType",
    label: "Jewelry type",
    placeholder: "Choose a jewelry type",
    options: JEWELRY_TYPES,
    text: "jewelryTypeOther",
    describe: "the jewelry type",
  },
  {
    select: "materialPreferences",
    label: "Material preference",
    placeholder: "Choose a material",
    options: MATERIALS,
    text: "materialPreferencesOther",
    describe: "the material",
  },
  {
    select: "diamondSelection",
    label: "Diamond selection",
    placeholder: "Choose a diamond option",
    options: DIAMOND_OPTIONS,
    text: "diamondSelectionOther",
    describe: "the diamond or stone",
  },
] as const;

export type OrderChoice = (typeof ORDER_CHOICES)[number];

export const PIECE_DESCRIPTION_MAX = 2000;

const OrderFields = z.object({
  name: nameField,
  phone: phoneField,
  email: emailField,
  jewelryType: choiceField(JEWELRY_TYPES, "Please choose a jewelry type."),
  jewelryTypeOther: optionalSingleLine(100, "Description"),
  materialPreferences: choiceField(MATERIALS, "Please choose a material."),
  materialPreferencesOther: optionalSingleLine(100, "Description"),
  diamondSelection: choiceField(DIAMOND_OPTIONS, "Please choose a diamond option."),
  diamondSelectionOther: optionalSingleLine(100, "Description"),
  /** "Tell us about your piece": size, engraving, budget, date needed; optional. */
  pieceDescription: optionalMultiLine(PIECE_DESCRIPTION_MAX, "Your description"),
});

/** "Other" needs its description; judged as soon as that pair is valid, even while other fields are not. */
function describeOther({ select, text, describe }: OrderChoice): [
  (order: z.output<typeof OrderFields>) => boolean,
  { path: PropertyKey[]; message: string; when: (payload: { issues: readonly { path?: PropertyKey[] }[] }) => boolean },
] {
  return [
    (order) => order[select] !== "Other" || Boolean(order[text]),
    {
      path: [text],
      message: `Please describe ${describe}.`,
      when: (payload) => payload.issues.every((issue) => issue.path?.[0] !== select && issue.path?.[0] !== text),
    },
  ];
}

export const OrderSchema = OrderFields.refine(...describeOther(ORDER_CHOICES[0]))
  .refine(...describeOther(ORDER_CHOICES[1]))
  .refine(...describeOther(ORDER_CHOICES[2]));

export type OrderRequest = z.output<typeof OrderSchema>;

/** What is stored for each select: the choice, or the visitor's words in place of "Other". */
export function storedChoices(order: OrderRequest) {
  const [jewelryType, materialPreferences, diamondSelection] = ORDER_CHOICES.map(({ select, text }) =>
    order[select] === "Other" ? order[text]! : order[select],
  ) as [string, string, string];
  return { jewelryType, materialPreferences, diamondSelection };
}

export const ORDER_MESSAGES = {
  success: "Thank you for your order request. We'll call you within one business day.",
  failure: "Failed to submit order. Please try again.",
} as const;

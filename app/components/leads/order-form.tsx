import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { z } from "zod";
import { Field, FormErrors, HoneypotField, SelectField } from "~/components/ui/forms";
import { SubmissionTokenField } from "~/components/leads/submission-token-field";
import { useHydrated } from "~/components/site/use-hydrated";
import { choiceField, emailField, nameField, optionalSingleLine, phoneField } from "~/leads/rules/fields";
import { useActionToast } from "~/http/toast";

export const JEWELRY_TYPES = ["Custom Charm", "Custom Grillz", "Custom Ring", "Custom Watch", "Other"] as const;
export const MATERIALS = ["Gold Yellow", "Gold White", "Gold Rose", "Silver", "Platinum", "Other"] as const;
export const DIAMOND_OPTIONS = ["Authentic Diamond", "Synthetic Diamonds", "Moissanite", "Other"] as const;

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

type OrderChoice = (typeof ORDER_CHOICES)[number];

const OrderFields = z.object({
  name: nameField,
  phoneNumber: phoneField,
  email: emailField,
  jewelryType: choiceField(JEWELRY_TYPES, "Please choose a jewelry type."),
  jewelryTypeOther: optionalSingleLine(100, "Description"),
  materialPreferences: choiceField(MATERIALS, "Please choose a material."),
  materialPreferencesOther: optionalSingleLine(100, "Description"),
  diamondSelection: choiceField(DIAMOND_OPTIONS, "Please choose a diamond option."),
  diamondSelectionOther: optionalSingleLine(100, "Description"),
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

interface OrderFormProps {
  submissionToken: string;
  actionData: { result?: SubmissionResult<string[]> } | undefined;
}

/** Render with `key={submissionToken}`: a stored order brings a new token and so an empty form; a refused one keeps what was typed. */
export function OrderForm({ submissionToken, actionData }: OrderFormProps) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    constraint: getZodConstraint(OrderSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: OrderSchema }),
  });
  useActionToast(actionData);
  const submitting = navigation.state === "submitting" && navigation.formAction === "/orderOnline";

  function otherField(choice: OrderChoice) {
    const field = fields[choice.text];
    const chosen = fields[choice.select].value === "Other";
    // With JavaScript the box appears only for "Other"; without it, it is always
    // there and the server asks for it only when its select says "Other".
    if (hydrated && !chosen) return null;
    return (
      <Field
        label={hydrated ? `Describe ${choice.describe}` : `If you chose Other: describe ${choice.describe}`}
        errors={field.errors}
        inputProps={{ ...getInputProps(field, { type: "text" }), required: hydrated ? true : undefined, maxLength: 100 }}
      />
    );
  }

  return (
    <Form method="post" action="/orderOnline" className="lead-form" {...getFormProps(form)}>
      <HoneypotField />
      <SubmissionTokenField token={submissionToken} />
      <FormErrors errors={form.errors} />
      <Field label="Name" errors={fields.name.errors} inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "name" }} />
      <Field
        label="Phone number"
        errors={fields.phoneNumber.errors}
        inputProps={{ ...getInputProps(fields.phoneNumber, { type: "tel" }), autoComplete: "tel" }}
      />
      <Field label="E-mail" errors={fields.email.errors} inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }} />
      {ORDER_CHOICES.map((choice) => (
        <div key={choice.select} className="lead-form__choice">
          <SelectField
            label={choice.label}
            errors={fields[choice.select].errors}
            placeholder={choice.placeholder}
            options={choice.options}
            selectProps={getSelectProps(fields[choice.select])}
          />
          {otherField(choice)}
        </div>
      ))}
      <button type="submit" className="button button--primary" disabled={submitting}>
        {submitting ? "Submitting…" : "Submit order"}
      </button>
    </Form>
  );
}

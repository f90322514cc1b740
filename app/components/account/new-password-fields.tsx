import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { Field } from "~/components/ui/forms";
import { MIN_PASSWORD_LENGTH } from "~/auth/password-length";

/** "New password" and "New password again", as the account page and the invitation page ask for them. */
export function NewPasswordFields({ fields }: { fields: { newPassword: FieldMetadata<string>; confirmPassword: FieldMetadata<string> } }) {
  return (
    <>
      <Field
        label="New password"
        hint={`At least ${MIN_PASSWORD_LENGTH} characters. A few unrelated words make a strong one.`}
        errors={fields.newPassword.errors}
        inputProps={{ ...getInputProps(fields.newPassword, { type: "password" }), autoComplete: "new-password" }}
      />
      <Field
        label="New password again"
        errors={fields.confirmPassword.errors}
        inputProps={{ ...getInputProps(fields.confirmPassword, { type: "password" }), autoComplete: "new-password" }}
      />
    </>
  );
}

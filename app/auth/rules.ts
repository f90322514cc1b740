import { z } from "zod";
import { MIN_PASSWORD_LENGTH } from "./password-length";

// The staff forms' rules, run by the browser before posting and by the server.

/** An e-mail address field; `missing` is what the form says when it is empty. */
const emailField = (missing: string) =>
  z
    .string({ error: missing })
    .trim()
    .max(254, "E-mail must be 254 characters or fewer.")
    .pipe(z.email("Enter a valid e-mail address."));

export const LoginSchema = z.object({
  email: emailField("Please enter your e-mail address."),
  password: z.string({ error: "Please enter your password." }).max(1024, "That password is too long."),
  redirectTo: z.string().optional(),
});

const newPassword = z
  .string({ error: "Please choose a new password." })
  .min(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters.`)
  .max(1024, "Use at most 1,024 characters.");
const confirmPassword = z.string({ error: "Please type the new password again." });
const passwordsMatch: [
  (value: { newPassword: string; confirmPassword: string }) => boolean,
  { path: PropertyKey[]; message: string },
] = [
  (value) => value.newPassword === value.confirmPassword,
  { path: ["confirmPassword"], message: "The two new passwords do not match." },
];

export const PasswordSchema = z
  .object({
    currentPassword: z.string({ error: "Please enter your current password." }).max(1024, "That password is too long."),
    newPassword,
    confirmPassword,
  })
  .refine(...passwordsMatch)
  .refine((value) => value.newPassword !== value.currentPassword, {
    path: ["newPassword"],
    message: "Choose a password different from the current one.",
  });

/** Setting a password from an invitation or reset link. */
export const SetPasswordSchema = z.object({ newPassword, confirmPassword }).refine(...passwordsMatch);

/** The owner's "add a staff member" form. */
export const InviteSchema = z.object({ email: emailField("Please enter their e-mail address.") });

import { SUBMISSION_TOKEN_FIELD } from "~/leads/rules/fields";

/**
 * The signed token that makes a resubmitted form store one record (see docs/decisions/020).
 * `autoComplete="off"`: Firefox otherwise puts a hidden field's earlier value back when a
 * visitor returns to the page, and a second message sent with the first one's token would be
 * taken for a repeat of it and not stored.
 */
export function SubmissionTokenField({ token }: { token: string }) {
  return <input type="hidden" name={SUBMISSION_TOKEN_FIELD} value={token} autoComplete="off" />;
}

import { SUBMISSION_TOKEN_FIELD } from "~/leads/rules/fields";

/** The signed token that makes a resubmitted form store one record (see docs/decisions/020). */
export function SubmissionTokenField({ token }: { token: string }) {
  return <input type="hidden" name={SUBMISSION_TOKEN_FIELD} value={token} />;
}

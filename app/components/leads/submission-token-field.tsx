import { SUBMISSION_TOKEN_FIELD } from "~/leads/rules/fields";

/**
 * The signed token that makes a resubmitted form store one record (see docs/decisions/020).
 * No `autocomplete="off"`, which HTML forbids on a hidden field: what keeps Firefox from
 * putting an earlier visit's token back is the form pages' `Cache-Control: no-store`, under
 * which it keeps no form state (docs/decisions/097).
 */
export function SubmissionTokenField({ token }: { token: string }) {
  return <input type="hidden" name={SUBMISSION_TOKEN_FIELD} value={token} />;
}

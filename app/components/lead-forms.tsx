import { useSyncExternalStore } from "react";
import { SUBMISSION_TOKEN_FIELD } from "~/lib/form-fields";
import "~/styles/lead-forms.css";

// Pieces the three lead forms share beyond the generic controls in forms.tsx.

/** The signed token that makes a resubmitted form store one record. */
export function SubmissionTokenField({ token }: { token: string }) {
  return <input type="hidden" name={SUBMISSION_TOKEN_FIELD} value={token} />;
}

const subscribeNever = () => () => {};

/**
 * False in the server render and during hydration, true afterwards: parts that
 * only make sense with JavaScript (or only without it) switch on this.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}

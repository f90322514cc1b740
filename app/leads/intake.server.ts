import type { SubmissionResult } from "@conform-to/react";
import { data, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { store } from "~/config/store";
import { NEVER_CACHE } from "~/http/cache-policy";
import { parseForm } from "~/http/form.server";
import { clientIp, clientKey, formRateLimiter, passRetryAfter, retryAfterHeaders, waitFor } from "~/http/rate-limit.server";
import { getCloudflare } from "~/http/request-context";
import { dataWithToast } from "~/http/toast.server";
import type { LeadKind } from "~/core/lead-kinds";
import { SUBMISSION_TOKEN_FIELD } from "./rules/fields";
import { issueSubmissionToken, SUBMISSION_TOKEN_MESSAGES, verifySubmissionToken } from "./submission-token.server";

// The steps every lead form takes before it stores anything, and the answers it
// gives when it cannot: honeypot and schema (parseForm), the signed submission
// token, the per-visitor rate limit. Each route's action runs this, then its
// kind's save, then redirects with a toast.

/**
 * The route `headers` of every lead form page. The pages carry a per-visitor
 * submission token, so no shared cache may keep them (two visitors with one
 * token would collapse into one record); a rate-limited answer keeps its Retry-After.
 */
export function leadFormHeaders(args: { actionHeaders: Headers; errorHeaders?: Headers }) {
  const headers = passRetryAfter(args);
  headers.set("Cache-Control", NEVER_CACHE);
  return headers;
}

/** What a lead form page's loader hands its form. */
export async function leadFormLoaderData(context: Readonly<RouterContextProvider>, kind: LeadKind) {
  const { env } = getCloudflare(context);
  return { submissionToken: await issueSubmissionToken(env, kind) };
}

type Reply = (errors?: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }) => SubmissionResult<string[]>;

export type LeadIntake<Value> =
  | {
      ok: true;
      kind: LeadKind;
      value: Value;
      submissionId: string;
      ip: string;
      /** The form as typed, for an answer that keeps it (a failure to store, a slot just taken). */
      reply: Reply;
    }
  | { ok: false; status: 200 | 400 | 429; result: SubmissionResult<string[]>; headers?: HeadersInit };

export async function takeLeadSubmission<Schema extends z.ZodType>(
  request: Request,
  context: Readonly<RouterContextProvider>,
  kind: LeadKind,
  schema: Schema,
  formData: FormData,
): Promise<LeadIntake<z.output<Schema>>> {
  const { env } = getCloudflare(context);
  const submission = parseForm(formData, schema);
  // A conform intent (e.g. the booking form's "show times" step) is not a failure.
  if (submission.status === undefined) return { ok: false, status: 200, result: submission.reply() };
  if (submission.status !== "success") return { ok: false, status: 400, result: submission.reply() };

  const token = await verifySubmissionToken(env, kind, formData.get(SUBMISSION_TOKEN_FIELD));
  if (!token.ok) {
    return { ok: false, status: 400, result: submission.reply({ formErrors: [SUBMISSION_TOKEN_MESSAGES[token.reason]] }) };
  }

  const ip = clientIp(request);
  const limit = await formRateLimiter(env).hit(`form:${kind}:${clientKey(request)}`);
  if (!limit.allowed) {
    const message = `Too many submissions from your connection. Please wait ${waitFor(limit)} and try again, or call us at ${store.phone.display}.`;
    return { ok: false, status: 429, result: submission.reply({ formErrors: [message] }), headers: retryAfterHeaders(limit) };
  }
  return { ok: true, kind, value: submission.value, submissionId: token.id, ip, reply: (errors) => submission.reply(errors) };
}

/** The 4xx answer for a refused intake: the form comes back with what was typed and the reason. */
export function refuseLead<Extra extends object>(intake: Extract<LeadIntake<unknown>, { ok: false }>, extra?: Extra) {
  return data({ result: intake.result, ...extra }, { status: intake.status, headers: intake.headers });
}

/** The 503 answer when a valid lead could not be stored: the form keeps what was typed, with the failure toast. */
export function leadNotStored<Extra extends object>(
  context: Readonly<RouterContextProvider>,
  intake: Extract<LeadIntake<unknown>, { ok: true }>,
  message: string,
  error: unknown,
  extra?: Extra,
) {
  console.error(`${intake.kind} insert failed`, error);
  return dataWithToast(context, { result: intake.reply(), ...extra }, { type: "error", message }, { status: 503 });
}

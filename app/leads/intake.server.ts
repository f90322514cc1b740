import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { data, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { store } from "~/config/store";
import { getCloudflare } from "~/http/request-context";
import { checkHoneypot } from "~/http/honeypot.server";
import { SUBMISSION_TOKEN_FIELD } from "./rules/fields";
import { clientIp, formRateLimiter } from "~/http/rate-limit.server";
import {
  issueSubmissionToken,
  SUBMISSION_TOKEN_MESSAGES,
  verifySubmissionToken,
  type LeadForm,
} from "./submission-token.server";
import { NEVER_CACHE } from "~/http/cache-policy";

// The steps every lead form takes before it stores anything: honeypot, the
// shared schema (the server is the authority), the signed submission token and
// the per-visitor rate limit. Each form then stores its record its own way.

/**
 * The route `headers` of every lead form page. The pages carry a per-visitor
 * submission token, so no shared cache may keep them (two visitors with one
 * token would collapse into one record); a rate-limited answer keeps its Retry-After.
 */
export function leadFormHeaders({ actionHeaders }: { actionHeaders: Headers }) {
  const headers = new Headers({ "Cache-Control": NEVER_CACHE });
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
}

/** What a lead form page's loader hands its form. */
export async function leadFormLoaderData(context: Readonly<RouterContextProvider>, form: LeadForm) {
  const { env } = getCloudflare(context);
  return { submissionToken: await issueSubmissionToken(env, form) };
}

export type LeadIntake<Value> =
  | {
      ok: true;
      value: Value;
      submissionId: string;
      ip: string;
      /** The form as typed, for an answer that keeps it (a failure to store, a slot just taken). */
      reply: (errors?: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }) => SubmissionResult<string[]>;
    }
  | { ok: false; status: 200 | 400 | 429; result: SubmissionResult<string[]>; headers?: HeadersInit };

export function rateLimitMessage(retryAfterSeconds: number): string {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  const wait = minutes <= 1 ? "a minute" : `${minutes} minutes`;
  return `Too many submissions from your connection. Please wait ${wait} and try again, or call us at ${store.phone.display}.`;
}

/** parseWithZod, with a malformed conform intent answered as 400 instead of a crash. */
function parseSubmission<Schema extends z.ZodType>(formData: FormData, schema: Schema) {
  try {
    return parseWithZod(formData, { schema });
  } catch {
    throw new Response("We couldn't read this form. Please reload the page and try again.", { status: 400 });
  }
}

export async function takeLeadSubmission<Schema extends z.ZodType>(
  request: Request,
  context: Readonly<RouterContextProvider>,
  form: LeadForm,
  schema: Schema,
  formData: FormData,
): Promise<LeadIntake<z.output<Schema>>> {
  const { env } = getCloudflare(context);
  checkHoneypot(formData);
  const submission = parseSubmission(formData, schema);
  // A conform intent (e.g. the booking form's "show times" step) is not a failure.
  if (submission.status === undefined) return { ok: false, status: 200, result: submission.reply() };
  if (submission.status !== "success") return { ok: false, status: 400, result: submission.reply() };

  const token = await verifySubmissionToken(env, form, formData.get(SUBMISSION_TOKEN_FIELD));
  if (!token.ok) {
    return { ok: false, status: 400, result: submission.reply({ formErrors: [SUBMISSION_TOKEN_MESSAGES[token.reason]] }) };
  }

  const ip = clientIp(request);
  const limit = await formRateLimiter(env).hit(`form:${form}:${ip}`);
  if (!limit.allowed) {
    return {
      ok: false,
      status: 429,
      result: submission.reply({ formErrors: [rateLimitMessage(limit.retryAfterSeconds)] }),
      headers: { "Retry-After": String(limit.retryAfterSeconds) },
    };
  }
  return { ok: true, value: submission.value, submissionId: token.id, ip, reply: (errors) => submission.reply(errors) };
}

/** The 4xx answer for a refused intake: the form comes back with what was typed and the reason. */
export function refuseLead<Extra extends object>(intake: Extract<LeadIntake<unknown>, { ok: false }>, extra?: Extra) {
  return data({ result: intake.result, ...extra }, { status: intake.status, headers: intake.headers });
}

/** The site's origin, for links in staff e-mails. */
export function dashboardUrl(request: Request): string {
  return new URL("/dashboard", request.url).toString();
}

import { LEADS, type LeadKind } from "../app/core/lead-kinds";
import { issueSubmissionToken } from "../app/leads/submission-token.server";
import { setsAttribute } from "../app/http/html-rewriter.server";
import { BUILD_VERSION, mayUseCache, PAGE_CACHE_HEADER } from "./page-cache";

// Form pages, rendered once per isolate and stamped per visitor (docs/decisions/074).
// A form page differs between visitors only by its submission token and the
// response's CSP nonce (a toast or a staff cookie bypasses this, as it bypasses
// the page cache). So the Worker renders it once with placeholder values, keeps
// that render in memory, and answers every visit with a copy in which
// HTMLRewriter puts a fresh token (in the form's field and in the hydration data)
// and this response's nonce. Measured about twice as fast as rendering each visit.

/** The forms whose page depends on nothing but the token: /book also shows the day's free times. */
const STAMPED_KINDS: LeadKind[] = ["contact", "order"];

/** A nonce that cannot occur in a real render (ours are 24 base64 characters of random bits). */
const TEMPLATE_NONCE = "template-nonce";

interface Template {
  html: string;
  /** The token the template was rendered with, replaced on every copy. */
  token: string;
  status: number;
  headers: [string, string][];
}
const templates = new Map<string, Template>();

const TOKEN_FIELD = /<input[^>]*name="submissionToken"[^>]*value="([^"]+)"/;

/** The form this request's page would stamp, or null when it must be rendered as usual. */
export function stampedForm(request: Request): LeadKind | null {
  if (request.method !== "GET" || !mayUseCache(request)) return null;
  const url = new URL(request.url);
  // Only the bare page, so no visitor can grow the templates: a query (?anything) is
  // rendered, and another spelling of the path never gets here (canonical-path.ts).
  if (url.search) return null;
  return STAMPED_KINDS.find((kind) => LEADS[kind].formPath === url.pathname) ?? null;
}

/**
 * What else a form page shows that can change between deploys: the contact page
 * names the store's special days ahead (decision 139), so its template is made
 * again when the owner changes them or a day passes.
 */
async function pageVariant(env: Env, kind: LeadKind): Promise<string> {
  if (kind !== "contact") return "";
  // Imported here, not at the top: the bookings' module (drizzle, the schema, the outbox) would otherwise load with
  // the Worker's main module, before any request needs it (decision 118).
  const { specialDaysAhead } = await import("../app/leads/appointments.server");
  return JSON.stringify(await specialDaysAhead(env));
}

async function templateFor(request: Request, env: Env, kind: LeadKind, render: (nonce: string) => Promise<Response>) {
  const url = new URL(request.url);
  const page = `${url.origin}${url.pathname}|${BUILD_VERSION}`;
  const key = `${page}|${await pageVariant(env, kind)}`;
  const known = templates.get(key);
  if (known) return known;
  // One template per page: an older variant is dropped, so the map cannot grow.
  for (const old of templates.keys()) if (old.startsWith(`${page}|`)) templates.delete(old);
  const rendered = await render(TEMPLATE_NONCE);
  const html = await rendered.text();
  const token = TOKEN_FIELD.exec(html)?.[1];
  if (rendered.status !== 200 || !token || rendered.headers.has("Set-Cookie")) return null;
  const template = { html, token, status: rendered.status, headers: [...rendered.headers] };
  templates.set(key, template);
  return template;
}

/**
 * Answers a form page from its template with a fresh token and nonce, or, when
 * no template can be made, with a plain render.
 */
export async function stampedFormPage(
  request: Request,
  env: Env,
  kind: LeadKind,
  nonce: string,
  render: (nonce: string) => Promise<Response>,
): Promise<Response> {
  const template = await templateFor(request, env, kind, render);
  if (!template) return render(nonce);

  const token = await issueSubmissionToken(env, kind);
  const response = new Response(template.html, { status: template.status, headers: template.headers });
  response.headers.set(PAGE_CACHE_HEADER, "STAMPED");
  let scriptText = "";
  return new HTMLRewriter()
    .on("[nonce]", setsAttribute("nonce", nonce))
    .on('input[name="submissionToken"]', setsAttribute("value", token))
    .on("script", {
      // The hydration data carries the token too. A script's text can arrive in
      // several chunks, so it is gathered and written out whole, token replaced.
      text(chunk) {
        scriptText += chunk.text;
        if (!chunk.lastInTextNode) {
          chunk.remove();
          return;
        }
        if (scriptText.includes(template.token)) {
          chunk.replace(scriptText.split(template.token).join(token), { html: true });
        } else if (scriptText !== chunk.text) {
          chunk.replace(scriptText, { html: true });
        }
        scriptText = "";
      },
    })
    .transform(response);
}

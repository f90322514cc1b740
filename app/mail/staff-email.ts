import { siteUrl, store } from "~/config/store";
import type { LeadKind } from "~/leads/kinds";
import type { Email } from "./email";

// The staff notification for a new lead, as HTML and plain text. Every value a
// visitor typed is escaped; the subject carries no visitor text at all, so no
// field can reach a mail header.

const SUBJECTS: Record<LeadKind, string> = {
  appointment: "New appointment request",
  contact: "New contact message",
  order: "New custom order request",
};

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!);
}

/**
 * @param rows label and value pairs in reading order (values are visitor text)
 */
export function leadEmail(kind: LeadKind, rows: [label: string, value: string][]): Email {
  const subject = SUBJECTS[kind];
  // The configured site, never the request's Host: a forged Host must not put its own link in front of staff.
  const dashboardUrl = siteUrl("/dashboard");
  const tableRows = rows
    .map(
      ([label, value]) =>
        `<tr><th align="left" valign="top" style="padding:4px 12px 4px 0;color:#57534e">${escapeHtml(label)}</th>` +
        `<td style="padding:4px 0;white-space:pre-wrap">${escapeHtml(value)}</td></tr>`,
    )
    .join("");
  const html =
    `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1c1917">` +
    `<h1 style="font-size:20px">${escapeHtml(subject)}</h1>` +
    `<table role="presentation" cellpadding="0" cellspacing="0">${tableRows}</table>` +
    `<p><a href="${escapeHtml(dashboardUrl)}">Open the dashboard</a></p>` +
    `<p style="color:#57534e;font-size:12px">Sent by the ${escapeHtml(store.name)} website.</p>` +
    `</body></html>`;
  const text = [subject, "", ...rows.map(([label, value]) => `${label}: ${value}`), "", `Dashboard: ${dashboardUrl}`].join(
    "\n",
  );
  return { to: store.notifications.to, subject, html, text };
}

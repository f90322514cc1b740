import { store } from "~/config/store";
import type { Email } from "./email";

// Every e-mail the site sends, to staff or to a visitor, in one plain layout:
// a heading, a few sentences, a table of label and value, links. Every value is
// HTML-escaped; subjects are fixed words or values the site chose (a date from
// the slot list), never free text a visitor typed, so no field reaches a header.

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!);
}

export interface EmailLink {
  /** The link's words in the HTML e-mail. */
  label: string;
  /** How the plain-text e-mail introduces the address ("Dashboard: https://…"). */
  textLabel: string;
  href: string;
}

export interface EmailContent {
  to: string;
  subject: string;
  heading: string;
  /** Sentences before the table, one paragraph each. */
  paragraphs?: string[];
  /** Label and value pairs in reading order (values may be visitor text). */
  rows?: [label: string, value: string][];
  links?: EmailLink[];
  /** Sentences after the links. */
  closing?: string[];
  replyTo?: string;
  calendarFile?: string;
}

/** A whole HTML document: mail clients show the title where they list no subject, and the Nu validator asks for it. */
export function htmlEmailDocument(title: string, body: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
    `<body style="font-family:system-ui,sans-serif;color:#1c1917">${body}</body></html>`
  );
}

export function renderEmail({
  to,
  subject,
  heading,
  paragraphs = [],
  rows = [],
  links = [],
  closing = [],
  replyTo,
  calendarFile,
}: EmailContent): Email {
  const paragraph = (text: string) => `<p>${escapeHtml(text)}</p>`;
  const tableRows = rows
    .map(
      ([label, value]) =>
        `<tr><th align="left" valign="top" style="padding:4px 12px 4px 0;color:#57534e">${escapeHtml(label)}</th>` +
        `<td style="padding:4px 0;white-space:pre-wrap">${escapeHtml(value)}</td></tr>`,
    )
    .join("");
  const html = htmlEmailDocument(
    subject,
    `<h1 style="font-size:20px">${escapeHtml(heading)}</h1>` +
    paragraphs.map(paragraph).join("") +
    (rows.length ? `<table role="presentation" cellpadding="0" cellspacing="0">${tableRows}</table>` : "") +
    links.map((link) => `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>`).join("") +
    closing.map(paragraph).join("") +
    `<p style="color:#57534e;font-size:12px">Sent by the ${escapeHtml(store.name)} website.</p>`,
  );
  const text = [
    heading,
    "",
    ...paragraphs.flatMap((line) => [line, ""]),
    ...rows.map(([label, value]) => `${label}: ${value}`),
    ...(links.length ? ["", ...links.map((link) => `${link.textLabel}: ${link.href}`)] : []),
    ...(closing.length ? ["", ...closing] : []),
  ].join("\n");
  return { to, subject, html, text, ...(replyTo ? { replyTo } : {}), ...(calendarFile ? { calendarFile } : {}) };
}

import type { CSSProperties, ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { Body, Container, Heading, Html, Link, Preview, Section, Text } from "react-email";
import { hoursSummary, mapsSearchUrl, emailHref, phoneHref, store, storeAddressLine } from "~/config/store";
import type { EmailContent } from "./email";

// The HTML part of every e-mail, drawn after the site (decision 147): the wordmark on an ink band, the
// site's palette, a serif heading, the summary block, one gold button, the store's address and hours
// below. React Email's components give the tables mail clients need; React's own renderToString (already
// in the server build) turns them into HTML and escapes every value. This module is imported only when
// an e-mail is made (email-layout.ts), so a request that sends none never loads it.
//
// Mail clients: every style is inline; the <style> block adds only what inline styles cannot say (dark
// mode, the phone width). Apple Mail and Outlook.com ([data-ogsc]/[data-ogsb]) take the dark colours;
// Gmail ignores them and inverts on its own, which these mid-tone colours survive. Outlook for Windows
// falls back to Times New Roman when a stack's first font is missing, so its own block names Georgia and
// Arial. No web font: Outlook and Gmail would not load it.

const COLOR = {
  ink: "#1c1917",
  stone: "#57534e",
  ivory: "#faf7f2",
  ivoryDeep: "#f3ede3",
  paper: "#fffdf9",
  line: "#e4dccf",
  gold: "#c9a86a",
  goldDeep: "#7a5c26",
  footerOnInk: "#cfc8bd",
} as const;

const SERIF = `"Cormorant Garamond", Georgia, "Times New Roman", serif`;
const SANS = `Inter, "Helvetica Neue", Helvetica, Arial, sans-serif`;

/** The dark-mode colours, where a client applies them; each class names one role. */
const DARK = {
  page: { background: "#12100e" },
  card: { background: "#221f1c", border: "#3a3430" },
  band: { background: "#0b0a09" },
  summary: { background: "#1a1715", border: "#3a3430" },
  text: "#f3ede3",
  muted: "#cfc8bd",
  link: COLOR.gold,
};

const STYLESHEET = [
  ":root{color-scheme:light dark}",
  "body{margin:0;padding:0;-webkit-text-size-adjust:100%;text-size-adjust:100%}",
  // iOS turns dates, addresses and numbers into blue links; they keep the colour around them.
  "a[x-apple-data-detectors]{color:inherit!important;text-decoration:none!important}",
  "@media (max-width:480px){.em-pad{padding:28px 20px!important}.em-h1{font-size:28px!important;line-height:34px!important}.em-outer{padding:0 0 8px!important}.em-card{border-left:0!important;border-right:0!important;border-top:0!important;border-radius:0!important}}",
  darkRules("@media (prefers-color-scheme:dark){", "}", ""),
].join("");

/**
 * Outlook.com and the Outlook apps mark the body in dark mode instead of answering the media query. A block of
 * its own: a client that rejects a selector in a style block may drop the whole block, and with it the rules above.
 */
const OUTLOOK_DARK = darkRules("", "", "[data-ogsc] ", "[data-ogsb] ");

function darkRules(open: string, close: string, textPrefix: string, backgroundPrefix = textPrefix): string {
  const bg = (selector: string, color: string, border?: string) =>
    `${backgroundPrefix}${selector}{background:${color}!important;background-color:${color}!important${border ? `;border-color:${border}!important` : ""}}`;
  const fg = (selector: string, color: string) => `${textPrefix}${selector}{color:${color}!important}`;
  return (
    open +
    bg(".em-page", DARK.page.background) +
    bg(".em-card", DARK.card.background, DARK.card.border) +
    bg(".em-band", DARK.band.background) +
    bg(".em-summary", DARK.summary.background, DARK.summary.border) +
    `${backgroundPrefix}.em-row{border-color:${DARK.summary.border}!important}` +
    fg(".em-text", DARK.text) +
    fg(".em-muted", DARK.muted) +
    fg(".em-link", DARK.link) +
    close
  );
}

/**
 * Outlook for Windows ignores max-width, so the card would stretch across its reading pane: a 600 px table around
 * it, in comments only Outlook reads ("ghost table"). In spans, as React Email's own components do it.
 */
function OutlookColumn({ children }: { children: ReactNode }) {
  return (
    <>
      <span dangerouslySetInnerHTML={{ __html: '<!--[if mso]><table role="presentation" align="center" width="600" cellpadding="0" cellspacing="0"><tr><td><![endif]-->' }} />
      {children}
      <span dangerouslySetInnerHTML={{ __html: "<!--[if mso]></td></tr></table><![endif]-->" }} />
    </>
  );
}

/** Outlook for Windows only: fonts it has, so it never falls back to Times New Roman. */
const OUTLOOK_FONTS =
  "<!--[if mso]><style>td,p,a,span,div{font-family:Arial,sans-serif!important}.em-serif{font-family:Georgia,serif!important}</style><![endif]-->";

const text: CSSProperties = { fontFamily: SANS, fontSize: "16px", lineHeight: "26px", color: COLOR.ink, margin: "0 0 16px" };
const linkStyle: CSSProperties = { color: COLOR.goldDeep, textDecoration: "underline" };

function Wordmark() {
  return (
    <Section className="em-band" style={{ backgroundColor: COLOR.ink, padding: "28px 24px 24px", textAlign: "center" }}>
      <Text className="em-serif" style={{ fontFamily: SERIF, fontSize: "26px", lineHeight: "30px", fontWeight: 400, letterSpacing: "6px", textTransform: "uppercase", color: COLOR.ivory, margin: 0 }}>
        {store.name.split(" ")[0]}
      </Text>
      <Text style={{ fontFamily: SANS, fontSize: "10px", lineHeight: "16px", fontWeight: 600, letterSpacing: "4px", textTransform: "uppercase", color: COLOR.footerOnInk, margin: "6px 0 0" }}>
        {store.name.split(" ").slice(1).join(" ")}
      </Text>
      {/* A short gold rule, as under the site's headings. */}
      <table role="presentation" align="center" cellPadding={0} cellSpacing={0} style={{ margin: "16px auto 0" }}>
        <tbody>
          <tr>
            <td style={{ width: "40px", height: "1px", lineHeight: "1px", fontSize: "1px", backgroundColor: COLOR.gold }}>&nbsp;</td>
          </tr>
        </tbody>
      </table>
    </Section>
  );
}

function Summary({ rows }: { rows: [string, string][] }) {
  return (
    <Section className="em-summary" style={{ backgroundColor: COLOR.ivoryDeep, border: `1px solid ${COLOR.line}`, borderRadius: "4px", margin: "8px 0 28px" }}>
      {rows.map(([label, value], index) => (
        <div key={index} className="em-row" style={{ padding: "14px 20px", borderTop: index === 0 ? "0" : `1px solid ${COLOR.line}` }}>
          <Text className="em-muted" style={{ fontFamily: SANS, fontSize: "11px", lineHeight: "16px", fontWeight: 600, letterSpacing: "1.5px", textTransform: "uppercase", color: COLOR.stone, margin: "0 0 2px" }}>
            {label}
          </Text>
          <Text className="em-text" style={{ ...text, margin: 0, whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
            {value}
          </Text>
        </div>
      ))}
    </Section>
  );
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escape = (value: string) => value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!);

/**
 * The one button, bulletproof: Outlook for Windows draws a VML rounded rectangle (it ignores a link's
 * padding and background), every other client a padded link. Written as HTML, not React, because the
 * two sit in conditional comments; its words and address are the site's own, escaped all the same.
 * React Email's Button puts mso- properties in the inline style, which the Nu validator rejects.
 */
function buttonHtml(label: string, href: string): string {
  const [url, words] = [escape(href), escape(label)];
  // VML needs a width: about a character's width per letter, plus the padding.
  const width = Math.round(label.length * 9.5 + 64);
  const link = escape(
    `display:inline-block;background-color:${COLOR.gold};color:${COLOR.ink};font-family:${SANS};font-size:16px;` +
      "font-weight:600;line-height:20px;letter-spacing:0.3px;text-decoration:none;padding:15px 28px;border-radius:4px",
  );
  return (
    `<!--[if mso]><v:roundrect xmlns:v="urn:schemas-microsoft-com:vml" xmlns:w="urn:schemas-microsoft-com:office:word" href="${url}" ` +
    `style="height:50px;v-text-anchor:middle;width:${width}px" arcsize="8%" stroke="f" fillcolor="${COLOR.gold}"><w:anchorlock/>` +
    `<center style="color:${COLOR.ink};font-family:Arial,sans-serif;font-size:16px;font-weight:bold">${words}</center></v:roundrect><![endif]-->` +
    `<!--[if !mso]><!--><a href="${url}" target="_blank" class="em-button" style="${link}">${words}</a><!--<![endif]-->`
  );
}

function PrimaryButton({ label, href }: { label: string; href: string }) {
  return (
    <table role="presentation" cellPadding={0} cellSpacing={0} style={{ margin: "4px 0 20px" }}>
      <tbody>
        <tr>
          <td dangerouslySetInnerHTML={{ __html: buttonHtml(label, href) }} />
        </tr>
      </tbody>
    </table>
  );
}

function Footer() {
  const muted: CSSProperties = { fontFamily: SANS, fontSize: "13px", lineHeight: "21px", color: COLOR.stone, margin: 0 };
  return (
    <Section style={{ padding: "24px 24px 8px", textAlign: "center" }}>
      <Text className="em-muted em-serif" style={{ ...muted, fontFamily: SERIF, fontSize: "15px", fontWeight: 400, letterSpacing: "2px", textTransform: "uppercase", margin: "0 0 8px" }}>
        {store.name}
      </Text>
      <Text className="em-muted" style={muted}>
        <Link className="em-muted" href={mapsSearchUrl} style={{ color: COLOR.stone, textDecoration: "underline" }}>
          {storeAddressLine}
        </Link>
      </Text>
      <Text className="em-muted" style={muted}>{hoursSummary}</Text>
      <Text className="em-muted" style={{ ...muted, margin: "0 0 16px" }}>
        <Link className="em-muted" href={phoneHref} style={{ color: COLOR.stone, textDecoration: "underline" }}>
          {store.phone.display}
        </Link>
        {" · "}
        <Link className="em-muted" href={emailHref} style={{ color: COLOR.stone, textDecoration: "underline" }}>
          {store.email}
        </Link>
      </Text>
    </Section>
  );
}

function Paragraphs({ lines, small = false }: { lines: string[]; small?: boolean }): ReactNode {
  return lines.map((line, index) => (
    <Text key={index} className={small ? "em-muted" : "em-text"} style={small ? { ...text, fontSize: "14px", lineHeight: "22px", color: COLOR.stone } : text}>
      {line}
    </Text>
  ));
}

function EmailDocument({ subject, heading, preview, paragraphs = [], rows = [], action, links = [], closing = [] }: EmailContent) {
  return (
    <Html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="x-apple-disable-message-reformatting" content="" />
        <meta name="format-detection" content="telephone=no, date=no, address=no, email=no" />
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <title>{subject}</title>
        <style dangerouslySetInnerHTML={{ __html: STYLESHEET }} />
        <style dangerouslySetInnerHTML={{ __html: OUTLOOK_DARK }} />
      </head>
      <Body className="em-page" style={{ backgroundColor: COLOR.ivory, margin: 0, padding: 0 }}>
        <Preview useTitleTag={false}>{preview ?? paragraphs[0] ?? heading}</Preview>
        <Section className="em-page" tdClassName="em-outer" style={{ backgroundColor: COLOR.ivory, padding: "24px 12px" }}>
          <OutlookColumn>
            <Container className="em-card" style={{ maxWidth: "600px", backgroundColor: COLOR.paper, border: `1px solid ${COLOR.line}`, borderRadius: "4px" }}>
              <Wordmark />
              <Section tdClassName="em-pad" style={{ padding: "36px 40px 16px" }}>
                <Heading as="h1" className="em-text em-serif em-h1" style={{ fontFamily: SERIF, fontSize: "32px", lineHeight: "38px", fontWeight: 400, color: COLOR.ink, margin: "0 0 20px" }}>
                  {heading}
                </Heading>
                <Paragraphs lines={paragraphs} />
                {rows.length > 0 && <Summary rows={rows} />}
                {action && <PrimaryButton label={action.label} href={action.href} />}
                {links.map((link, index) => (
                  <Text key={index} className="em-text" style={{ ...text, margin: "0 0 12px" }}>
                    <Link className="em-link" href={link.href} style={linkStyle}>
                      {link.label}
                    </Link>
                  </Text>
                ))}
                {closing.length > 0 && <div style={{ height: "8px", lineHeight: "8px", fontSize: "8px" }}>&nbsp;</div>}
                <Paragraphs lines={closing} small />
              </Section>
            </Container>
            <Container style={{ maxWidth: "600px" }}>
              <Footer />
            </Container>
          </OutlookColumn>
        </Section>
      </Body>
    </Html>
  );
}

/** The e-mail's whole HTML document. */
export function emailHtml(content: EmailContent): string {
  const html = renderToString(<EmailDocument {...content} />);
  return `<!DOCTYPE html>${html.replace("</head>", `${OUTLOOK_FONTS}</head>`)}`;
}

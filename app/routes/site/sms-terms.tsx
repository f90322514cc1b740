import { LegalPage, type LegalSection } from "~/components/site/legal-page";
import { emailHref, phoneHref, store } from "~/config/store";
import { PROMO_CONSENT_TEXT, SMS_CONSENT_TEXT } from "~/leads/consent";
import { seo } from "~/http/seo";

export function meta() {
  return seo({
    title: "SMS Terms & Conditions",
    description:
      `How ${store.name} texts you: appointment reminders, order updates and offers, up to 10 messages a week. ` +
      "Reply STOP to opt out and HELP for help.",
    path: "/sms-terms",
  });
}

const sections: LegalSection[] = [
  {
    id: "consent",
    title: "Your consent",
    body: (
      <>
        <p>
          We send text messages only to people who have agreed to receive them. When you give consent on our website,
          you agree to this text:
        </p>
        <blockquote className="quote-box">
          <p>{SMS_CONSENT_TEXT}</p>
        </blockquote>
        <p>
          Promotions are a separate box you may tick or leave empty. If you tick it, we send one text asking you to
          confirm by replying YES, and no offer is sent before you do. Replying YES, you agree to this text too:
        </p>
        <blockquote className="quote-box">
          <p>{PROMO_CONSENT_TEXT}</p>
        </blockquote>
        <p>
          Consent is not a condition of any purchase. Texts about a message, a visit or a repair go only to the number
          given with it, with the consent given with it. We keep a record of when and how you gave consent, and the exact
          words you agreed to.
        </p>
      </>
    ),
  },
  {
    id: "types",
    title: "Types of messages",
    body: (
      <ul>
        <li>Appointment reminders</li>
        <li>Follow-ups on your inquiry or visit</li>
        <li>
          Review requests: the day after a visit or a repair pickup, one text asking you to review us on Google, the same
          words to every customer, at most once in 180 days, to the number you agreed to texts about that visit with
        </li>
        <li>Billing inquiries, for example about a layaway balance</li>
        <li>Promotions and offers, only if you ticked the separate promotions box and then replied YES to our text</li>
        <li>Order status updates, for example when your custom piece is ready</li>
        <li>Repair updates you agreed to at the counter: an estimate to approve, and when your repair is ready for pickup</li>
      </ul>
    ),
  },
  {
    id: "frequency",
    title: "Message frequency",
    body: <p>Up to 10 messages per week. How many you receive depends on your appointments, orders and inquiries.</p>,
  },
  {
    id: "fees",
    title: "Fees",
    body: (
      <p>
        We do not charge for text messages. Message and data rates from your mobile carrier may apply, depending on your
        plan.
      </p>
    ),
  },
  {
    id: "opt-in",
    title: "How you opt in",
    body: (
      <ul>
        <li>Verbally, in the store, when you give us your mobile number and agree to texts;</li>
        <li>
          Online, by ticking the text-message box on our <a href="/contactus">contact form</a> or another form on this
          website;
        </li>
        <li>On paper, by signing a consent form in the store.</li>
        <li>
          For offers and promotions, by ticking the separate promotions box and then replying YES to the one text that
          asks you to confirm.
        </li>
      </ul>
    ),
  },
  {
    id: "opt-out",
    title: "How to opt out",
    body: (
      <>
        <p>You can stop text messages at any time, in any of these ways:</p>
        <ul>
          <li>
            Reply <strong>STOP</strong> to any message from us;
          </li>
          <li>
            Call us at <a href={phoneHref}>{store.phone.display}</a>;
          </li>
          <li>
            Tell us through our <a href="/contactus">contact form</a>.
          </li>
        </ul>
        <p>After you reply STOP we send one message confirming that you have opted out, and then no more.</p>
      </>
    ),
  },
  {
    id: "help",
    title: "Help",
    body: (
      <p>
        Reply <strong>HELP</strong> to any message for help, or call <a href={phoneHref}>{store.phone.display}</a> or
        e-mail <a href={emailHref}>{store.email}</a>.
      </p>
    ),
  },
  {
    id: "disclosures",
    title: "Disclosures",
    body: (
      <ul>
        <li>Mobile carriers are not liable for delayed or undelivered messages.</li>
        <li>
          We never sell or share your mobile number or text-message consent with third parties for their marketing.
        </li>
        <li>
          How we handle your information is described in our <a href="/privacy">Privacy Policy</a>; our general{" "}
          <a href="/terms">Terms &amp; Conditions</a> also apply.
        </li>
      </ul>
    ),
  },
];

export default function SmsTermsPage() {
  return (
    <LegalPage
      title="SMS Terms & Conditions"
      updated="November 28, 2026"
      intro={<p>What to expect when you agree to receive text messages from {store.name}, and how to stop them.</p>}
      sections={sections}
    />
  );
}

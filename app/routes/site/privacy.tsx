import { LegalPage, type LegalSection } from "~/components/site/legal-page";
import { emailHref, phoneHref, store, storeAddressLine } from "~/config/store";
import { seo } from "~/http/seo";

export function meta() {
  return seo({
    title: "Privacy Policy",
    description:
      `What ${store.name} collects through its forms and why, text-message consent, analytics, the e-mails and ` +
      "texts we send, how long we keep records and how to ask us to delete them.",
    path: "/privacy",
  });
}

const sections: LegalSection[] = [
  {
    id: "who",
    title: "Who we are",
    body: (
      <p>
        {store.name}, {storeAddressLine}, is responsible for the information you give us through this website, by phone
        and in the store. We never sell it.
      </p>
    ),
  },
  {
    id: "forms",
    title: "What each form collects, and why",
    body: (
      <>
        <div className="table-wrap">
          <table className="data-table data-table--fit">
            <caption>Information collected by each form</caption>
            <thead>
              <tr>
                <th scope="col" className="privacy-table__form">Form</th>
                <th scope="col">What we collect</th>
                <th scope="col">Why</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row">Contact form</th>
                <td>Name, phone number, e-mail, your message, and your text-message consent</td>
                <td>To answer your question</td>
              </tr>
              <tr>
                <th scope="row">Booking form</th>
                <td>
                  Name, phone, the date and time you choose and the service; if you give them, your e-mail and your
                  consent to texts
                </td>
                <td>To hold your appointment, confirm it and remind you of it</td>
              </tr>
              <tr>
                <th scope="row">Custom order form</th>
                <td>Name, phone number, e-mail, jewelry type, material preferences and diamond selection</td>
                <td>To prepare your design and quote</td>
              </tr>
            </tbody>
          </table>
        </div>
        <p>
          To keep out spam and abuse, our server also sees the IP address your request comes from and briefly counts how
          many forms it sends. When you book an appointment, we also keep, for one day, a coded form of that address and
          of a random number your browser keeps for us, so that no one can book out the calendar. We do not use them for
          anything else.
        </p>
      </>
    ),
  },
  {
    id: "sms",
    title: "Text-message consent, and how to withdraw it",
    body: (
      <>
        <p>
          When you agree to receive text messages, we record the exact wording you agreed to, when you agreed, the number
          and the IP address it came from, so we can show that we only text people who asked us to. When you reply STOP
          (or START), we record that too, and we never text a number that has opted out.
        </p>
        <p>
          You can withdraw consent at any time: reply STOP to any message, call{" "}
          <a href={phoneHref}>{store.phone.display}</a>, or tell us through the <a href="/contactus">contact form</a>.
          Details are in our <a href="/sms-terms">SMS Terms &amp; Conditions</a>.
        </p>
      </>
    ),
  },
  {
    id: "analytics",
    title: "Analytics",
    body: (
      <>
        <p>
          We may use Google Analytics 4 to count page views and understand which pages help visitors. When it is turned
          on, Google receives the pages you visit, your browser and device type, your approximate location and the site
          that sent you, and sets its own cookies. Google Analytics 4 does not store IP addresses. We do not use
          advertising features, and the forms&apos; contents are never sent to analytics.
        </p>
        <p>
          You can block analytics with your browser&apos;s privacy settings, a content blocker or Google&apos;s
          Analytics opt-out browser add-on. The website works the same without it.
        </p>
      </>
    ),
  },
  {
    id: "email",
    title: "E-mails and texts we send",
    body: (
      <>
        <p>
          When you send a form, we e-mail a copy of it to our staff so someone can respond quickly, and we e-mail you a
          short note that we received it. When you book, we confirm the appointment and remind you the day before, by
          e-mail if you gave an address and by text if you ticked the box. Each has a link where you can change or
          cancel the appointment.
        </p>
        <p>
          E-mails go through our e-mail delivery provider and texts through our text-message provider, Twilio; each
          handles them only to deliver them. Texts you send to our number reach us through Twilio the same way.
        </p>
      </>
    ),
  },
  {
    id: "cookies",
    title: "Cookies",
    body: (
      <ul>
        <li>A short-lived cookie that shows you a confirmation message (such as &ldquo;Message sent&rdquo;) after you send a form;</li>
        <li>A cookie with a random number, kept for one day after you book an appointment, so we can limit how many appointments one browser books in a day;</li>
        <li>A sign-in cookie for store staff only;</li>
        <li>Analytics cookies, only when analytics is turned on (see above).</li>
      </ul>
    ),
  },
  {
    id: "sharing",
    title: "Who else sees your information",
    body: (
      <p>
        Only the companies that run this website for us: our hosting provider, our e-mail delivery provider, our
        text-message provider (Twilio) and, if analytics is on, Google. Acima and Snap receive information only when you apply with them yourself.
      </p>
    ),
  },
  {
    id: "retention",
    title: "How long we keep records",
    body: (
      <ul>
        <li>Contact messages and custom order requests: up to 2 years after our last contact with you.</li>
        <li>
          Repair tickets, their history, the photos of your piece taken at the counter, and your answer to an estimate (with
          its time and your internet address): 2 years after you pick the piece up or the repair is cancelled.
        </li>
        <li>Appointment requests: up to 1 year after the appointment date.</li>
        <li>
          Text-message consent records, and your STOP and START replies: 4 years from when you gave them, whether or not
          we still keep the message or appointment they came with. A STOP is kept for as long as it applies, so we keep
          honoring it.
        </li>
        <li>Copies of the e-mails and texts we sent you or you sent us, and their delivery records: up to 90 days.</li>
        <li>
          That we asked you for a review, with your number or address: 180 days, so we ask at most once in that time;
          then only that a request went out, without who got it, for about a year.
        </li>
        <li>Spam-protection counts by IP address or ticket number: a few minutes to a day.</li>
        <li>The coded address and browser number kept with an appointment: 1 day.</li>
      </ul>
    ),
  },
  {
    id: "deletion",
    title: "How to ask for deletion",
    body: (
      <>
        <p>
          You can ask to see, correct or delete the information we hold about you. E-mail{" "}
          <a href={emailHref}>{store.email}</a>, call <a href={phoneHref}>{store.phone.display}</a> or use our{" "}
          <a href="/contactus">contact form</a>. We will confirm it is you and reply within 30 days.
        </p>
        <p>
          We delete what you ask us to, except records the law requires us to keep, such as sales records and records of
          gold and silver we buy.
        </p>
      </>
    ),
  },
  {
    id: "children",
    title: "Children",
    body: <p>This website is not meant for children under 13, and we do not knowingly collect their information.</p>,
  },
  {
    id: "changes",
    title: "Changes to this policy",
    body: <p>If we change this policy, we update the date at the top of this page.</p>,
  },
];

export default function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      updated="November 28, 2026"
      intro={<p>What we collect, why, how long we keep it, and how to ask us to delete it.</p>}
      sections={sections}
    />
  );
}

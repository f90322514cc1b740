import { LegalPage, type LegalSection } from "~/components/site/legal-page";
import { emailHref, phoneHref, store, storeAddressLine } from "~/config/store";
import { seo } from "~/http/seo";

export function meta() {
  return seo({
    title: "Terms & Conditions",
    description:
      "Our store policies: layaway up to six months, custom design deposits and timelines, returns within 7 days for " +
      "store credit, our 14-day limited warranty and IGL or EGL certified stones.",
    path: "/terms",
  });
}

const sections: LegalSection[] = [
  {
    id: "about",
    title: "About these terms",
    body: (
      <p>
        These terms apply when you buy from {store.name} ({storeAddressLine}), leave an item with us for repair, place a
        custom order, or use this website. By doing so you agree to them. If anything here is unclear, please ask us
        before you buy.
      </p>
    ),
  },
  {
    id: "prices",
    title: "Prices and payment",
    body: (
      <>
        <p>
          Prices are in US dollars. Prices and availability shown on this website can change; the price on your receipt
          is the price you pay.
        </p>
        <p>
          Lease-to-own through <a href="/acima">Acima</a> or <a href="/snap">Snap</a> is an agreement between you
          and that company, under its own terms. Approval is their decision, not ours.
        </p>
      </>
    ),
  },
  {
    id: "layaway",
    title: "Layaway",
    body: (
      <ul>
        <li>You can hold an item on layaway for up to six months.</li>
        <li>A small initial deposit reserves the item. There is no credit check.</li>
        <li>You can pay any amount at any time during the layaway period; we keep the item safe until it is paid in full.</li>
        <li>If you cannot finish paying within six months, please talk to us before the period ends.</li>
      </ul>
    ),
  },
  {
    id: "custom",
    title: "Custom design orders",
    body: (
      <ul>
        <li>A deposit of $200 to $500, depending on the piece, starts a custom design. The deposit is applied to the total.</li>
        <li>We send you a CAD (3D) preview within 2 days of receiving your deposit and design details.</li>
        <li>Once you approve the design, production takes about 2.5 to 3 weeks. Timelines are estimates; we will tell you promptly if yours changes.</li>
        <li>Custom orders are non-refundable once production starts.</li>
      </ul>
    ),
  },
  {
    id: "returns",
    title: "Returns and exchanges",
    body: (
      <>
        <p>
          You may return an item within 7 days of purchase for store credit only; we do not give cash or card refunds.
          Returned items must be unworn, in their original condition, and come with the receipt and any certificate or
          report.
        </p>
        <p>Custom orders cannot be returned once production has started.</p>
      </>
    ),
  },
  {
    id: "warranty",
    title: "14-day limited warranty",
    body: (
      <>
        <p>
          We warrant our jewelry and our work against defects in materials and workmanship for 14 days from the day you
          take the item home. If a covered defect appears, we will repair the item or, if it cannot be repaired, replace
          it.
        </p>
        <p>
          The warranty does not cover normal wear, loss or damage from accidents, impact or misuse, or items that have
          been altered or repaired by someone else.
        </p>
      </>
    ),
  },
  {
    id: "stones",
    title: "Diamonds, stones and metals",
    body: (
      <ul>
        <li>The diamonds and stones we sell are certified by IGL or EGL, and the report comes with the stone.</li>
        <li>Our gold is sold in 10K, 14K, 18K, 22K and 24K and stamped with its purity; silver is sterling (925).</li>
        <li>Lab-grown (synthetic) diamonds and moissanite are always named as such on your order and receipt.</li>
      </ul>
    ),
  },
  {
    id: "repairs",
    title: "Repairs and services",
    body: (
      <p>
        We give you an estimate before any repair and ask before doing more work than agreed. We handle every piece with
        care, but very old or worn pieces can be fragile; if we see a risk, we tell you before we start. When we buy gold
        or silver from you, we ask for a government-issued photo ID.
      </p>
    ),
  },
  {
    id: "website",
    title: "This website and messages",
    body: (
      <p>
        The content of this website is for information. Text messages are covered by our{" "}
        <a href="/sms-terms">SMS Terms &amp; Conditions</a>, and the information you give us by our{" "}
        <a href="/privacy">Privacy Policy</a>.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Changes and contact",
    body: (
      <p>
        We may update these terms; the date at the top shows the latest version, and the version in force on the day of
        your purchase applies to it. Questions? Call <a href={phoneHref}>{store.phone.display}</a> or e-mail{" "}
        <a href={emailHref}>{store.email}</a>.
      </p>
    ),
  },
];

export default function TermsPage() {
  return (
    <LegalPage
      title="Terms & Conditions"
      updated="November 1, 2026"
      intro={<p>Plain-language terms for buying, ordering and repairing jewelry with us.</p>}
      sections={sections}
    />
  );
}

import { ContactBanner } from "~/components/site/contact-banner";
import { FeatureSection } from "~/components/site/feature-section";
import { images } from "~/config/artwork";
import { PageHero } from "~/components/site/page-hero";
import { store } from "~/config/store";
import { seo } from "~/http/seo";

export function meta() {
  return seo({
    title: "About Us",
    description:
      `${store.name} is a local jeweler in Bartlett, TN: custom design, 10K to 24K gold, IGL and EGL certified ` +
      "stones, layaway, repairs and watches from our partner brand.",
    path: "/aboutus",
  });
}

const values = [
  {
    title: "Made for you",
    text: "We design custom pieces from your sketch or photo, show you a 3D preview within 2 days and make them in our own workshop.",
  },
  {
    title: "Honest materials",
    text: "Gold in 10K, 14K, 18K, 22K and 24K, stamped with its purity, and diamonds and stones certified by IGL or EGL.",
  },
  {
    title: "Here after the sale",
    text: "Repairs, resizing and cleaning at our bench, a 14-day limited warranty, and layaway for up to six months.",
  },
];

export default function AboutPage() {
  return (
    <main>
      <PageHero eyebrow="About Us" title="A Bartlett jeweler, built on trust">
        <p>
          We are a neighborhood jewelry store: the place you come to for an engagement ring, a new chain, a quick
          battery change or a repair on something you could never replace.
        </p>
      </PageHero>

      <FeatureSection id="story" eyebrow="Our story" title="Jewelry made and cared for here" image={images.storefront} eager>
        <p>
          Our idea is simple: people in Bartlett deserve a jeweler close to home who will design something just for
          them, explain exactly what they are buying, and still be there to look after it years later.
        </p>
        <p>
          Our showroom holds gold and silver jewelry, certified diamonds and watches from {store.watchPartner}, our
          partner watch brand. Behind the counter is a working bench where we design, 3D print, cast, set, repair and
          resize, so most work never leaves the building.
        </p>
        <p>
          Whether you are buying your first piece of fine jewelry or selling gold you no longer wear, we take the time
          to talk it through with you, without pressure.
        </p>
      </FeatureSection>

      <section className="section section--tint" aria-labelledby="values-heading">
        <div className="container">
          <div className="section__header section__header--center">
            <p className="eyebrow">What we stand for</p>
            <h2 id="values-heading">Three promises</h2>
          </div>
          <div className="card-grid card-grid--3">
            {values.map((value, index) => (
              <article key={value.title} className="card value-card" aria-labelledby={`value-${index + 1}-heading`}>
                <span className="value-card__number" aria-hidden="true">
                  {String(index + 1).padStart(2, "0")}
                </span>
                <h3 id={`value-${index + 1}-heading`}>{value.title}</h3>
                <p>{value.text}</p>
              </article>
            ))}
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="numbers-heading">
        <div className="container">
          <div className="section__header">
            <p className="eyebrow">At a glance</p>
            <h2 id="numbers-heading">What to expect from us</h2>
          </div>
          <dl className="facts facts--3">
            <div>
              <dt>Gold purities</dt>
              <dd>
                10K to 24K<small>10K, 14K, 18K, 22K and 24K gold, plus sterling silver</small>
              </dd>
            </div>
            <div>
              <dt>Certified stones</dt>
              <dd>
                IGL or EGL<small>Every diamond and stone comes with its report</small>
              </dd>
            </div>
            <div>
              <dt>Custom design</dt>
              <dd>
                2 days<small>To your CAD preview; about 2.5 to 3 weeks to finish</small>
              </dd>
            </div>
            <div>
              <dt>Layaway</dt>
              <dd>
                6 months<small>Small deposit, no credit check</small>
              </dd>
            </div>
            <div>
              <dt>Warranty</dt>
              <dd>
                14 days<small>Limited warranty; see our terms</small>
              </dd>
            </div>
            <div>
              <dt>Financing</dt>
              <dd>
                Acima &amp; Snap<small>Lease-to-own, approval up to $4,000 or $5,000</small>
              </dd>
            </div>
          </dl>
          <div className="button-row">
            <a href="/services" className="button button--secondary">See our services</a>
            <a href="/orderOnline" className="button button--primary">Start a Custom Order</a>
          </div>
        </div>
      </section>

      <ContactBanner />
    </main>
  );
}

import { CheckList } from "~/components/site/check-list";
import { ContactBanner } from "~/components/site/contact-banner";
import { FeatureSection } from "~/components/site/feature-section";
import { images } from "~/config/artwork";
import { REPAIR_STATUS_PAGE } from "~/config/navigation";
import { PageHero } from "~/components/site/page-hero";
import { store } from "~/config/store";
import { seo } from "~/http/seo";

export function meta() {
  return seo({
    title: "Services: Gold Buying, Repairs, Custom Jewelry & Layaway",
    description:
      "Gold and silver buying, watch batteries, custom jewelry, IGL and EGL certified diamonds, ring repairs and " +
      "resizing, layaway, and casting from 3D printed models in Bartlett, TN.",
    path: "/services",
  });
}

const sections = [
  { id: "buy-gold", label: "Buying gold & silver" },
  { id: "watches", label: "Watch repair & batteries" },
  { id: "custom", label: "Custom jewelry" },
  { id: "gold-silver", label: "Gold & silver jewelry" },
  { id: "diamonds", label: "Certified diamonds" },
  { id: "repairs", label: "Repairs & resizing" },
  { id: "layaway", label: "Layaway" },
  { id: "casting", label: "Casting & 3D printing" },
];

export default function ServicesPage() {
  return (
    <main>
      <PageHero eyebrow="Services" title="Everything your jewelry needs, under one roof">
        <p>
          From a watch battery to a custom engagement ring, our bench in Bartlett handles it. Walk in during opening
          hours, or call ahead and we will have time set aside for you.
        </p>
      </PageHero>

      <nav className="jump-links container" aria-label="Services on this page">
        <ul>
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.label}</a>
            </li>
          ))}
        </ul>
      </nav>

      <FeatureSection id="buy-gold" eyebrow="We buy" title="Buying gold and silver" image={images.buyGold} eager>
        <p>
          Broken chains, single earrings, old class rings, coins and silverware are worth more than you might think. We
          test and weigh your pieces in front of you and make an offer based on the day&apos;s metal price, with no
          obligation to sell.
        </p>
        <CheckList
          items={[
            "Gold of every purity from 10K to 24K, and sterling silver",
            "Testing and weighing in front of you",
            "Put the value toward a new piece if you like",
            "Please bring a government-issued photo ID",
          ]}
        />
      </FeatureSection>

      <FeatureSection id="watches" eyebrow="Watches" title="Watch repair and batteries" image={images.watches} reverse tint>
        <p>
          Most battery changes take a few minutes while you wait. We also size metal bands, fit new straps and look
          after the watches we sell from {store.watchPartner}, our partner brand.
        </p>
        <CheckList
          items={[
            "Battery replacement, usually while you wait",
            "Link removal and band sizing",
            "New leather, rubber and metal bands",
            `Sales and service for ${store.watchPartner} watches`,
          ]}
        />
      </FeatureSection>

      <FeatureSection id="custom" eyebrow="Made for you" title="Custom jewelry" image={images.custom}>
        <p>
          Bring a sketch, a photo or just an idea. We design it with you, show you a 3D preview and make it in our
          workshop: engagement rings, pendants, chains, charms and custom grillz.
        </p>
        <CheckList
          items={[
            "A deposit of $200 to $500 starts your design, applied to the total",
            "CAD (3D) preview within 2 days",
            "Production in about 2.5 to 3 weeks",
            "Custom orders are non-refundable once production starts",
          ]}
        />
        <a href="/orderOnline" className="button button--primary">Start a Custom Order</a>
      </FeatureSection>

      <FeatureSection
        id="gold-silver"
        eyebrow="In our cases"
        title="Gold and silver jewelry"
        image={images.goldSilver}
        reverse
        tint
      >
        <p>
          Chains, rings, earrings, bracelets and pendants in yellow, white and rose gold, and in sterling silver. Every
          gold piece is stamped with its purity, so you always know what you are buying.
        </p>
        <CheckList items={["Gold purities: 10K, 14K, 18K, 22K and 24K", "Sterling silver (925)", "Chains cut and fitted to your length"]} />
      </FeatureSection>

      <section id="diamonds" className="section" aria-labelledby="diamonds-heading">
        <div className="container">
          <div className="section__header">
            <p className="eyebrow">Diamonds</p>
            <h2 id="diamonds-heading">Certified diamonds and stones</h2>
            <p className="lead">
              Every diamond and gemstone we sell is certified by IGL or EGL. The grading report travels with the stone,
              so you can see its carat weight, color, clarity and cut before you decide.
            </p>
          </div>
          <div className="diamonds">
            <CheckList
              items={[
                "Natural diamonds with an independent grading report",
                "Lab-grown (synthetic) diamonds and moissanite for custom pieces",
                "We show you each stone under magnification before it is set",
                "Loose stones can be set in a ring, pendant or earrings of your choice",
              ]}
            />
            <div className="report-figures">
              {[images.diamondReport, images.diamondPlot].map((report, index) => (
                <figure key={report.src} className="report-figure">
                  <img src={report.src} width={report.width} height={report.height} alt={report.alt} loading="lazy" decoding="async" />
                  <figcaption className="small muted">
                    {index === 0 ? "Natural diamond report: the grades" : "Natural diamond report: proportions and clarity plot"}
                  </figcaption>
                </figure>
              ))}
            </div>
          </div>
        </div>
      </section>

      <FeatureSection id="repairs" eyebrow="At the bench" title="Repairs, resizing and cleaning" image={images.repairs} tint>
        <p>
          The rings and chains you wear every day deserve care. We resize rings up or down, repair chains and clasps,
          retip worn prongs and reset loose stones, then clean and polish everything before it goes home with you.
        </p>
        <CheckList
          items={[
            "Ring resizing, up or down",
            "Chain, clasp and soldering repairs",
            "Prong retipping and stone setting",
            "Ultrasonic cleaning and polishing",
          ]}
        />
        <p>
          Left a piece with us? <a href={REPAIR_STATUS_PAGE.to}>Check your repair</a> with the number on your claim ticket.
        </p>
      </FeatureSection>

      <FeatureSection id="layaway" eyebrow="Pay over time" title="Layaway" image={images.layaway} reverse>
        <p>
          Reserve the piece you love with a small deposit and pay it off over up to six months. There is no credit
          check, and we keep your piece safe until it is paid in full.
        </p>
        <CheckList items={["Up to six months to pay", "A small initial deposit", "No credit check"]} />
        <p className="small">
          Prefer to take it home today? See lease-to-own with <a href="/acima">Acima</a> or{" "}
          <a href="/snap">Snap</a>, or <a href="/snapVSacima">compare the two</a>.
        </p>
      </FeatureSection>

      <FeatureSection id="casting" eyebrow="Workshop" title="Casting and 3D printing" image={images.casting} tint>
        <p>
          Our designs go from screen to metal in house. We 3D print a precise model of your piece, cast it in gold or
          silver by the lost-wax method, then set and finish it by hand. We can also cast from a model you bring.
        </p>
        <CheckList
          items={[
            "3D printed models from our CAD designs",
            "Lost-wax casting in gold and silver",
            "Replacement parts and matching pieces",
          ]}
        />
      </FeatureSection>

      <ContactBanner />
    </main>
  );
}

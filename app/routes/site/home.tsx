import { useId } from "react";
import { ContactBanner } from "~/components/site/contact-banner";
import { CheckIcon, PhoneIcon, StarIcon, WhatsAppIcon } from "~/components/site/icons";
import { images, videoPosters, type SiteImage } from "~/config/artwork";
import { ReviewCarousel } from "~/components/site/review-carousel";
import { Scroller } from "~/components/site/scroller";
import { SocialLinks } from "~/components/site/social-links";
import { VideoBlock } from "~/components/site/video-block";
import { reviews } from "~/config/reviews";
import { hoursSummary, phoneHref, store } from "~/config/store";
import { seo } from "~/http/seo";

export function meta() {
  return seo({
    title: `${store.name} | Custom Jewelry & Certified Diamonds in Bartlett, TN`,
    description: store.description,
    path: "/",
  });
}

function CollectionCard({ image, title, text }: { image: SiteImage; title: string; text: string }) {
  const headingId = useId();
  return (
    <article className="collection-card" aria-labelledby={headingId}>
      <div className="collection-card__media">
        <img src={image.src} width={image.width} height={image.height} alt={image.alt} loading="lazy" decoding="async" />
      </div>
      <h3 id={headingId}>{title}</h3>
      <p>{text}</p>
    </article>
  );
}

const steps = [
  {
    title: "Share your idea",
    text: "Bring a sketch or a photo to the store, or e-mail or message it to us. We talk through metal, stones and budget.",
  },
  {
    title: "Reserve your design",
    text: "A deposit of $200 to $500 starts the work, and every dollar of it is applied to your total.",
  },
  {
    title: "Approve the 3D preview",
    text: "Within 2 days we send you a CAD preview of your piece, and adjust it until it is exactly right.",
  },
  {
    title: "Cast, set and polish",
    text: "Production takes about 2.5 to 3 weeks. Then your piece is ready to pick up, checked and cleaned.",
  },
];

export default function Home() {
  return (
    <main>
      <section className="hero on-ink" aria-labelledby="hero-heading">
        <div className="container hero__inner">
          <div className="hero__text">
            <p className="eyebrow">Bartlett, Tennessee</p>
            <h1 id="hero-heading">Fine jewelry, made by hand in Bartlett</h1>
            <p className="lead">
              Custom rings, chains and grillz, certified diamonds and gold from 10K to 24K, with repairs, layaway and
              financing under one roof.
            </p>
            <div className="button-row">
              <a href="/orderOnline" className="button button--primary">Start a Custom Order</a>
              <a href="/services" className="button button--secondary">Our Services</a>
            </div>
            <p className="hero__hours small muted">Open {hoursSummary}</p>
          </div>
          <div className="hero__art">
            <img
              src={images.heroRing.src}
              width={images.heroRing.width}
              height={images.heroRing.height}
              alt={images.heroRing.alt}
              // The largest thing on the first screen: React preloads an image marked high priority.
              fetchPriority="high"
              decoding="async"
            />
          </div>
        </div>
      </section>

      <section className="section intro" aria-labelledby="intro-heading">
        <div className="container intro__inner">
          <div>
            <p className="eyebrow">Welcome</p>
            <h2 id="intro-heading">A jeweler you can sit down with</h2>
            <div className="ornament" aria-hidden="true">
              <span />
            </div>
          </div>
          <div>
            <p className="lead">
              {store.name} is a neighborhood jewelry store in Bartlett. We design custom pieces from your sketch, set
              certified diamonds, repair and resize the jewelry you already love, and buy gold and silver at fair prices.
            </p>
            <p>
              Every stone we sell is certified by IGL or EGL, our gold comes in 10K, 14K, 18K, 22K and 24K, and you can
              hold any piece on layaway for up to six months with no credit check.
            </p>
          </div>
        </div>
        <div className="container">
          <dl className="facts facts--4 intro__facts">
            <div>
              <dt>Gold purities</dt>
              <dd>10K to 24K</dd>
            </div>
            <div>
              <dt>Certified stones</dt>
              <dd>IGL &amp; EGL</dd>
            </div>
            <div>
              <dt>3D design preview</dt>
              <dd>Within 2 days</dd>
            </div>
            <div>
              <dt>Layaway</dt>
              <dd>Up to 6 months</dd>
            </div>
          </dl>
        </div>
      </section>

      <section className="section section--tint" aria-labelledby="collection-heading">
        <div className="container">
          <div className="section__header">
            <p className="eyebrow">The collection</p>
            <h2 id="collection-heading">Rings, chains, earrings and more</h2>
            <p className="lead">Made in our workshop or chosen for our cases, in yellow, white and rose gold and silver.</p>
          </div>
          <Scroller label="Our collection">
            {[
              <CollectionCard
                key="rings"
                image={images.rings}
                title="Rings"
                text="Engagement rings, wedding bands and statement rings, sized to fit."
              />,
              <VideoBlock
                key="chains"
                poster={videoPosters.chains}
                title="Chains"
                text="Cuban, rope, Franco and tennis chains in solid gold and silver, cut to your length."
              />,
              <CollectionCard
                key="earrings"
                image={images.earrings}
                title="Earrings"
                text="Diamond studs, hoops and drops for every day and every occasion."
              />,
              <CollectionCard
                key="bracelets"
                image={images.bracelets}
                title="Bracelets"
                text="Tennis bracelets, bangles and links, matched to your chain or watch."
              />,
              <CollectionCard
                key="pendants"
                image={images.pendants}
                title="Pendants"
                text="Initials, photos, faith pieces and diamond pendants, custom made or ready to wear."
              />,
              <VideoBlock
                key="grillz"
                poster={videoPosters.grillz}
                title="Custom Grillz"
                text="Molded, fitted and finished for you in gold or silver, plain or set with stones."
              />,
            ]}
          </Scroller>
        </div>
      </section>

      <section className="section process" aria-labelledby="process-heading">
        <div className="container">
          <div className="section__header section__header--center">
            <p className="eyebrow">Custom design</p>
            <h2 id="process-heading">From your sketch to your hand</h2>
            <div className="ornament" aria-hidden="true">
              <span />
            </div>
          </div>
          <ol className="steps">
            {steps.map((step, index) => (
              <li key={step.title} className="step">
                <span className="step__number" aria-hidden="true">
                  {String(index + 1).padStart(2, "0")}
                </span>
                <h3>{step.title}</h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
          <div className="process__cta">
            <a href="/orderOnline" className="button button--primary">Custom Order</a>
            <p className="small muted">
              Custom orders are non-refundable once production starts. <a href="/terms">Read our terms</a>.
            </p>
          </div>
        </div>
      </section>

      <section className="section--ink on-ink connect" aria-labelledby="connect-heading">
        <div className="container connect__inner">
          <div>
            <p className="eyebrow">Talk to us</p>
            <h2 id="connect-heading">Questions? Just ask.</h2>
            <ul className="check-list">
              <li>
                <CheckIcon />
                <span>Send a photo of a piece for a quick repair or resizing quote.</span>
              </li>
              <li>
                <CheckIcon />
                <span>Ask about financing with Acima or Snap before you visit.</span>
              </li>
            </ul>
          </div>
          <div className="connect__actions">
            <a className="connect-link" href={phoneHref}>
              <PhoneIcon />
              <span>
                <strong>Call us</strong>
                <span>{store.phone.display}</span>
              </span>
            </a>
            <a className="connect-link" href={store.social.whatsapp} target="_blank" rel="noopener noreferrer">
              <WhatsAppIcon />
              <span>
                <strong>Chat on WhatsApp</strong>
                <span>
                  Send us a photo<span className="visually-hidden"> (opens in a new tab)</span>
                </span>
              </span>
            </a>
            <a className="connect-link" href={store.social.reviews} target="_blank" rel="noopener noreferrer">
              <StarIcon />
              <span>
                <strong>Customer reviews</strong>
                <span>
                  Read what people say<span className="visually-hidden"> (opens in a new tab)</span>
                </span>
              </span>
            </a>
            <div className="connect__social">
              <p className="small">Follow us</p>
              <SocialLinks />
            </div>
          </div>
        </div>
      </section>

      {/* The carousel inside is the labelled region; this band is only its backdrop. */}
      <section className="section section--tint">
        <div className="container">
          <div className="section__header section__header--center">
            <p className="eyebrow">Reviews</p>
            <h2 id="reviews-heading">What our customers say</h2>
          </div>
          <ReviewCarousel reviews={reviews} labelledBy="reviews-heading" />
        </div>
      </section>

      <ContactBanner />
    </main>
  );
}

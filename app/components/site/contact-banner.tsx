import { hoursSummary, mapsSearchUrl, phoneHref, store, storeAddressLine } from "~/config/store";

/** "Visit us" band that closes the home page and the content pages. */
export function ContactBanner() {
  return (
    <section className="section contact-banner-section" aria-labelledby="contact-banner-heading">
      <div className="container">
        <div className="contact-banner on-ink">
          <div>
            <p className="eyebrow">Contact Us</p>
            <h2 id="contact-banner-heading">Visit our Bartlett showroom</h2>
            <p className="lead">
              {storeAddressLine}
              <br />
              {hoursSummary}
            </p>
          </div>
          <div className="button-row">
            <a href="/contactus" className="button button--primary">Contact Us</a>
            <a href={phoneHref} className="button button--secondary">Call {store.phone.display}</a>
            <a href={mapsSearchUrl} className="button button--secondary" target="_blank" rel="noopener noreferrer">
              Get directions<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </div>
        </div>
      </div>
    </section>
  );
}

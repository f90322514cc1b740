import { store } from "~/config/store";
import { Brand } from "./brand";
import { policyLinks, quickLinks, type NavItem } from "~/config/navigation";
import { SocialLinks } from "./social-links";
import { StoreInfo } from "./store-info";

function LinkList({ title, items }: { title: string; items: NavItem[] }) {
  const id = `footer-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <nav className="site-footer__links" aria-labelledby={id}>
      <h2 id={id} className="eyebrow eyebrow--heading">{title}</h2>
      <ul>
        {items.map((item) => (
          <li key={item.to}>
            <a href={item.to}>
              {item.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__welcome">
          <Brand />
          <p>{store.welcome}</p>
          <SocialLinks className="social-links--footer" />
        </div>
        <StoreInfo />
        <LinkList title="Quick Links" items={quickLinks} />
        <LinkList title="Policies" items={policyLinks} />
      </div>
      <div className="container">
        <div className="site-footer__legal">
          <p>
            © {new Date().getFullYear()} {store.name}. {store.address.city}, Tennessee.
          </p>
          <p>Lease-to-own financing is provided by Acima and Snap, not by {store.name}.</p>
        </div>
      </div>
    </footer>
  );
}

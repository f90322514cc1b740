import { store } from "~/config/store";
import { FacebookIcon, InstagramIcon, StarIcon, WhatsAppIcon, YouTubeIcon } from "./icons";

const profiles = [
  { href: store.social.facebook, name: "Facebook", Icon: FacebookIcon },
  { href: store.social.instagram, name: "Instagram", Icon: InstagramIcon },
  { href: store.social.reviews, name: "Customer reviews", Icon: StarIcon },
  { href: store.social.whatsapp, name: "WhatsApp chat", Icon: WhatsAppIcon },
  { href: store.social.youtube, name: "YouTube channel", Icon: YouTubeIcon },
];

/** The store's profiles as icon links; each name says where it goes and that it opens a new tab. */
export function SocialLinks({ className = "" }: { className?: string }) {
  return (
    <ul className={`social-links ${className}`.trim()}>
      {profiles.map(({ href, name, Icon }) => (
        <li key={name}>
          <a href={href} target="_blank" rel="noopener noreferrer" aria-label={`${name} (opens in a new tab)`}>
            <Icon />
          </a>
        </li>
      ))}
    </ul>
  );
}

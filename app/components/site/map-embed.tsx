import { useEffect, useRef, useState } from "react";

interface MapEmbedProps {
  src: string;
  title: string;
}

/**
 * The store's Google map. The embed is a page of its own on another host, and a
 * phone's browser starts it well before it is scrolled into view, so it competed
 * with the contact page's own files. With JavaScript it is added once the visitor
 * scrolls near it; without JavaScript the browser loads it from <noscript> as
 * before. The same map either way (docs/decisions/075).
 */
export function MapEmbed({ src, title }: MapEmbedProps) {
  const frame = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    const element = frame.current;
    if (!element || near) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: "600px 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);

  const map = (
    <iframe src={src} title={title} width="600" height="450" loading="lazy" referrerPolicy="no-referrer-when-downgrade" />
  );
  return (
    <div ref={frame} className="map-block__frame">
      <p className="map-block__placeholder muted small">The map loads here. If it does not, use the button below.</p>
      <noscript>{map}</noscript>
      {near ? map : null}
    </div>
  );
}

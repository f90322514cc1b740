// Every picture on the site, with its intrinsic size (so nothing shifts while it
// loads) and its alt text. The files live in public/images/; README.md there
// lists them so the store can swap in real photos with the same names and sizes.

export interface SiteImage {
  src: string;
  width: number;
  height: number;
  alt: string;
}

const image = (file: string, width: number, height: number, alt: string): SiteImage => ({
  src: `/images/${file}`,
  width,
  height,
  alt,
});

export const images = {
  heroRing: image("hero-ring.svg", 640, 640, "A solitaire diamond engagement ring drawn in fine gold lines"),
  rings: image("collection-rings.svg", 600, 480, "A diamond engagement ring beside a pair of wedding bands"),
  chains: image("collection-chains.svg", 600, 480, "Cuban link and rope chains laid in curves"),
  earrings: image("collection-earrings.svg", 600, 480, "Diamond stud earrings and a pair of gold hoops"),
  bracelets: image("collection-bracelets.svg", 600, 480, "A tennis bracelet and a gold bangle"),
  pendants: image("collection-pendants.svg", 600, 480, "A diamond pendant on a fine chain"),
  grillz: image("collection-grillz.svg", 600, 480, "A set of custom gold grillz with diamond accents"),
  buyGold: image("service-buy-gold.svg", 560, 420, "Gold and silver jewelry on a scale"),
  watches: image("service-watches.svg", 560, 420, "A wristwatch beside a fresh watch battery"),
  custom: image("service-custom.svg", 560, 420, "A ring sketch beside its 3D design on a screen"),
  goldSilver: image("service-gold-silver.svg", 560, 420, "A gold chain, a silver ring and the gold purities 10K to 24K"),
  repairs: image("service-repairs.svg", 560, 420, "A ring on a sizing mandrel next to a jeweler's loupe"),
  layaway: image("service-layaway.svg", 560, 420, "A ring box in front of a calendar with monthly payment dates circled"),
  casting: image("service-casting.svg", 560, 420, "A 3D printed wax ring model and the gold ring cast from it"),
  diamondReport: image(
    "diamond-report-summary.svg",
    480,
    600,
    "Sample natural diamond grading report showing carat weight, color, clarity and cut",
  ),
  diamondPlot: image(
    "diamond-report-plot.svg",
    480,
    600,
    "Sample natural diamond report page with the stone's proportions diagram and clarity plot",
  ),
  storefront: image("about-showroom.svg", 640, 480, "The showroom: display cases under pendant lights, a ring on a stand"),
  notFound: image("not-found-ring.svg", 320, 320, "An empty ring box"),
} satisfies Record<string, SiteImage>;

export const videoPosters = {
  chains: image("video-chains-poster.svg", 600, 480, ""),
  grillz: image("video-grillz-poster.svg", 600, 480, ""),
} satisfies Record<string, SiteImage>;

// The six reviews in the home page carousel. SAMPLE: placeholders written for
// layout until the store copies real reviews (with permission) from its
// reviews page. Each photo is a file in public/images/ the store can replace.

export interface Review {
  name: string;
  /** What the customer came in for, shown under the name. */
  occasion: string;
  text: string;
  photo: string;
}

export const reviews: Review[] = [
  {
    name: "Keisha M.", // SAMPLE
    occasion: "Custom engagement ring",
    text: "They drew my ring from a photo on my phone and showed me the 3D design two days later. It came out exactly like I pictured it, and the diamond came with its report.",
    photo: "/images/reviewer-1.svg",
  },
  {
    name: "Marcus T.", // SAMPLE
    occasion: "Cuban link chain",
    text: "Fair prices and no pressure. They walked me through 10K versus 14K gold and let me decide. The chain is solid and the clasp is perfect.",
    photo: "/images/reviewer-2.svg",
  },
  {
    name: "Linda R.", // SAMPLE
    occasion: "Ring resizing and cleaning",
    text: "My mother's ring finally fits. They resized it the same week and cleaned it so well it looks new. Friendly people who clearly care.",
    photo: "/images/reviewer-3.svg",
  },
  {
    name: "Andre W.", // SAMPLE
    occasion: "Custom grillz",
    text: "The fitting was quick and comfortable, and the finished grillz fit perfectly. They kept me updated the whole time.",
    photo: "/images/reviewer-4.svg",
  },
  {
    name: "Priya S.", // SAMPLE
    occasion: "Watch battery and band",
    text: "In and out in fifteen minutes with a new battery and a shortened band. This is my jeweler now.",
    photo: "/images/reviewer-5.svg",
  },
  {
    name: "James & Erin B.", // SAMPLE
    occasion: "Wedding bands on layaway",
    text: "Layaway made our wedding bands easy: a small deposit, no credit check, and we picked them up a month before the big day.",
    photo: "/images/reviewer-6.svg",
  },
];

// The two lease-to-own providers' terms (product spec, section 9), in one place
// for their pages. Change a figure here and its page follows.

export interface FinancingFact {
  term: string;
  value: string;
  note?: string;
}

export interface FinancingProvider {
  id: "acima" | "snap";
  name: "Acima" | "Snap";
  intro: string;
  facts: FinancingFact[];
  qualifications: string[];
  /** The last of the four "how it works" steps: how payments and early payoff work. */
  payoffStep: string;
  other: { to: string; label: string };
}

const payments: FinancingFact = { term: "Payments", value: "Weekly, biweekly or monthly", note: "to match your paydays" };

export const acima: FinancingProvider = {
  id: "acima",
  name: "Acima",
  intro:
    "Take your piece home today and pay for it over time through a lease-to-own agreement with Acima, with payments " +
    "that match your paydays.",
  facts: [
    { term: "Approval", value: "Up to $4,000" },
    { term: "Lease term", value: "12 months" },
    { term: "First payment", value: "About 10–14 days", note: "after your purchase" },
    payments,
    { term: "Early purchase", value: "Within 90 days", note: "for the cash price plus a small fee" },
    { term: "Where", value: "In store", note: "we help you apply at the counter" },
  ],
  qualifications: [
    "You are 18 or older",
    "An income of at least $1,000 a month",
    "A checking account open for at least 90 days",
    "A government-issued photo ID",
  ],
  payoffStep: "Pay weekly, biweekly or monthly, or buy it out early within 90 days.",
  other: { to: "/snap", label: "See Snap" },
};

export const snap: FinancingProvider = {
  id: "snap",
  name: "Snap",
  intro:
    "Snap lets you lease your jewelry and own it over time, with a higher approval limit and 100 days to buy it out " +
    "early.",
  facts: [
    { term: "Approval", value: "Up to $5,000" },
    { term: "Early buyout", value: "100 days", note: "to buy out your lease early" },
    payments,
  ],
  qualifications: ["You are 18 or older", "A checking account", "A steady income", "A photo ID"],
  payoffStep: "Pay weekly, biweekly or monthly, or use the 100-day early buyout.",
  other: { to: "/acima", label: "See Acima" },
};

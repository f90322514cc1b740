import { FinancingProviderPage } from "~/components/site/financing";
import { acima } from "~/config/financing";
import { seo } from "~/http/seo";

export function meta() {
  return seo({
    title: "Acima Lease-to-Own Financing",
    description:
      "Acima lease-to-own at our Bartlett jewelry store: approval up to $4,000, a 12-month lease, weekly, biweekly or " +
      "monthly payments, and early purchase within 90 days for the cash price plus a small fee.",
    path: "/acima",
  });
}

export default function AcimaPage() {
  return <FinancingProviderPage provider={acima} />;
}

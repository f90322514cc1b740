import { FinancingProviderPage } from "~/components/site/financing";
import { snap } from "~/config/financing";
import { seo } from "~/http/seo";

export function meta() {
  return seo({
    title: "Snap Lease-to-Own Financing",
    description:
      "Snap lease-to-own at our Bartlett jewelry store: approval up to $5,000, a 100-day early buyout option and " +
      "weekly, biweekly or monthly payments.",
    path: "/snap",
  });
}

export default function SnapPage() {
  return <FinancingProviderPage provider={snap} />;
}

import { data } from "react-router";
import type { Route } from "./+types/order-send";
import { withFlashToast } from "~/http/toast.server";
import { answerOrder, takeOrder } from "~/leads/order.server";
import { ORDER_MESSAGES } from "~/leads/rules/order";

// POST /orderOnline/send: the custom order form with JavaScript. The page sends
// the same form here with XMLHttpRequest, the one browser API that reports upload
// progress, and gets JSON back instead of a page (docs/decisions/063). The order
// is taken exactly as /orderOnline takes it; only the answer's shape differs:
// a stored order answers { stored: true } and leaves the success toast in the
// flash cookie, with the receipt the page shows, for the page the form then reloads.
export async function action({ request, context }: Route.ActionArgs) {
  return answerOrder(context, await takeOrder(request, context), async (receipt) =>
    data(
      { stored: true as const },
      { headers: await withFlashToast(context, { type: "success", message: ORDER_MESSAGES.success }, undefined, receipt) },
    ),
  );
}

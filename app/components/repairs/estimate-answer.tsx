import { Form, useNavigation } from "react-router";
import { HoneypotField } from "~/components/ui/forms";
import type { EstimateForCustomer } from "~/repairs/customer-view";

/** What the page says after an answer: thanks, or why nothing changed ("Already approved on …"). */
export interface EstimateNotice {
  tone: "success" | "error";
  text: string;
}

/**
 * The estimate on /repair (decision 141): the amount and the work found, and Approve or Decline while it waits
 * for the customer; afterwards, what they chose and when. A plain post with the look-up's fields again (the
 * same limits apply) and the estimate it shows, so an answer to an estimate since replaced changes nothing.
 */
export function EstimateAnswer({
  estimate,
  ticket,
  last4,
  notice,
}: {
  estimate: EstimateForCustomer;
  ticket: string;
  last4: string;
  notice: EstimateNotice | null;
}) {
  const navigation = useNavigation();
  const answering = navigation.state === "submitting" && navigation.formData?.has("decision");
  return (
    <div className="repair-estimate" data-decision={estimate.decision ?? "waiting"}>
      <h3>Estimate: {estimate.amount}</h3>
      <p className="repair-estimate__work">{estimate.description}</p>
      {notice ? (
        <p className={`repair-estimate__notice repair-estimate__notice--${notice.tone}`} role={notice.tone === "error" ? "alert" : "status"}>
          {notice.text}
        </p>
      ) : null}
      {estimate.decision === null ? (
        <Form method="post" action="/repair" className="repair-estimate__form">
          <HoneypotField />
          <input type="hidden" name="ticket" value={ticket} />
          <input type="hidden" name="last4" value={last4} />
          <input type="hidden" name="estimate" value={estimate.id} />
          <p className="muted">Approve it and we go ahead with the work. Decline it and your piece will be ready for pickup, not repaired.</p>
          <div className="repair-estimate__buttons">
            <button type="submit" name="decision" value="approve" className="button button--primary" disabled={answering}>
              Approve {estimate.amount}
            </button>
            <button type="submit" name="decision" value="decline" className="button button--secondary" disabled={answering}>
              Decline
            </button>
          </div>
        </Form>
      ) : !notice ? (
        <p className="repair-estimate__decided">
          You {estimate.decision} this estimate on {estimate.decidedAt}.
        </p>
      ) : null}
    </div>
  );
}

import { useEffect, useRef } from "react";
import { photoCountLabel, type LeadReceipt } from "~/leads/receipt";

/**
 * The lasting confirmation after a contact message or a custom order, in place of the form:
 * what was received, what happens next, where the e-mail went. It takes focus (and so the
 * scroll) when it appears; without JavaScript, autofocus does the same.
 */
export function LeadReceiptCard({ receipt, anotherHref }: { receipt: LeadReceipt; anotherHref: string }) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const isOrder = receipt.kind === "order";
  return (
    <section ref={ref} className="booking-confirmation lead-receipt" aria-labelledby="lead-receipt-title" tabIndex={-1} autoFocus>
      <h2 id="lead-receipt-title" className="booking-confirmation__title">
        <span aria-hidden="true" className="booking-confirmation__icon">✓</span>{" "}
        {isOrder ? "We received your order request" : "We received your message"}
      </h2>
      {isOrder ? (
        <p>
          {receipt.piece ? <strong>{receipt.piece}</strong> : "Your custom piece"}, with {photoCountLabel(receipt.photos ?? 0)}.
        </p>
      ) : null}
      <p>
        <strong>What happens next:</strong> we call you within one business day
        {isOrder ? " to talk through the design, the price and the timing." : " to answer your message."}
      </p>
      <p className="booking-confirmation__where">
        A confirmation e-mail went to <strong>{receipt.email}</strong>. Nothing there? Check your spam folder.
      </p>
      <div className="booking-confirmation__actions">
        <a className="button button--secondary" href={anotherHref}>
          {isOrder ? "Request another piece" : "Send another message"}
        </a>
      </div>
    </section>
  );
}

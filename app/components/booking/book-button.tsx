import { lazy, Suspense, useCallback, useEffect, useRef, useState, type MouseEvent } from "react";
import { useFetcher, useLocation } from "react-router";
import { useHydrated } from "~/components/site/use-hydrated";
import type { BookedAppointment } from "~/leads/rules/appointment";
import { BookingConfirmation } from "./booking-confirmation";
import type { BookingSetup } from "./booking-form";

// The dialog brings the form library and the schemas; every page carries the
// button, so the dialog loads only once a visitor reaches for it.
const loadBookingDialog = () => import("./booking-dialog");
const BookingDialog = lazy(() => loadBookingDialog().then((module) => ({ default: module.BookingDialog })));

/**
 * The sticky "Book an Appointment" button on every public page. It is a real
 * link to /book, which is all it is without JavaScript (or on a middle click);
 * with JavaScript it opens the booking dialog instead.
 */
export function BookAppointmentButton() {
  const hydrated = useHydrated();
  const { pathname } = useLocation();
  const setup = useFetcher<BookingSetup>({ key: "booking-dialog-setup" });
  const [open, setOpen] = useState(false);
  const [booked, setBooked] = useState<BookedAppointment | null>(null);
  const confirmation = useRef<HTMLDivElement>(null);

  // The dialog is closed by then (and gave focus back to this button): the result takes it.
  useEffect(() => {
    if (booked) confirmation.current?.focus();
  }, [booked]);

  // Fetch the form's token and today's date as soon as the visitor shows interest.
  const prepare = () => {
    void loadBookingDialog();
    if (setup.state === "idle" && !setup.data) setup.load("/book");
  };
  const openDialog = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    prepare();
    setBooked(null);
    setOpen(true);
  };
  const close = useCallback(() => setOpen(false), []);
  const handleBooked = useCallback((booking: BookedAppointment) => {
    setOpen(false);
    setBooked(booking);
  }, []);

  // The booking page is the form itself.
  if (pathname.toLowerCase() === "/book") return null;

  return (
    <>
      <a
        href="/book"
        className="book-button button button--primary"
        aria-haspopup={hydrated ? "dialog" : undefined}
        onClick={hydrated ? openDialog : undefined}
        onPointerEnter={hydrated ? prepare : undefined}
        onFocus={hydrated ? prepare : undefined}
      >
        Book an Appointment
      </a>
      {hydrated && (open || setup.data) ? (
        <Suspense fallback={null}>
          <BookingDialog open={open} onClose={close} onBooked={handleBooked} setup={setup} />
        </Suspense>
      ) : null}
      {booked ? (
        <div ref={confirmation} className="booking-confirmation-popover" tabIndex={-1}>
          <BookingConfirmation booking={booked} onDismiss={() => setBooked(null)} />
        </div>
      ) : null}
    </>
  );
}

import { useCallback, useEffect, useRef, useState } from "react";
import type { FetcherWithComponents } from "react-router";
import type { BookedAppointment } from "~/leads/rules/appointment";
import { BookingForm, type BookingSetup } from "./booking-form";

interface BookingDialogProps {
  open: boolean;
  onClose: () => void;
  onBooked: (booking: BookedAppointment) => void;
  /** The /book loader's data (token, today, times), fetched by the trigger. */
  setup: FetcherWithComponents<BookingSetup>;
}

/**
 * A native modal <dialog>: the browser traps focus, closes it on Escape and
 * returns focus to the button. A click on the backdrop closes it too.
 */
export function BookingDialog({ open, onClose, onBooked, setup }: BookingDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  // A new key after each booking gives a fresh, empty form.
  const [formKey, setFormKey] = useState(0);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const handleBooked = useCallback(
    (booking: BookedAppointment) => {
      setFormKey((key) => key + 1);
      onBooked(booking);
    },
    [onBooked],
  );

  return (
    // A click on the backdrop targets the <dialog> itself; the panel inside covers the rest.
    // Keyboard users have Escape and the close button.
    <dialog
      ref={dialogRef}
      className="booking-dialog"
      aria-labelledby="booking-dialog-title"
      onClose={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="booking-dialog__panel">
        <div className="booking-dialog__header">
          <h2 id="booking-dialog-title">Book an Appointment</h2>
          <button type="button" className="booking-dialog__close" onClick={onClose} aria-label="Close">
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <p className="booking-dialog__intro">Visits take about an hour. The time is yours as soon as you book it: no call needed.</p>
        {setup.data ? (
          <BookingForm key={formKey} id="booking-dialog-form" setup={setup.data} onBooked={handleBooked} showFailureInline />
        ) : (
          <p role="status">Loading the booking form…</p>
        )}
      </div>
    </dialog>
  );
}

import { useEffect } from "react";
import { useHydrated } from "./use-hydrated";

// A public form page hydrates only once the visitor reaches for it
// (docs/decisions/076), so whatever they type, pick or choose in the second or
// two before its scripts run is in the DOM but not in React's state. React keeps
// those values when it hydrates, but no handler saw them: the form library
// still thinks the fields are empty, the booking form has not loaded the chosen
// day's times, the order form would hide an "Other" box that holds text. So,
// once, every control that differs from what the server sent is announced again.

/** What the server rendered as the chosen option (the first one, as a browser does, when none is marked). */
function initialIndex(select: HTMLSelectElement): number {
  const index = [...select.options].findIndex((option) => option.defaultSelected);
  return index === -1 ? 0 : index;
}

/** Input types a visitor types into, as into a text area: a caret, a selection, a keyboard's composition in progress. */
const TYPED_INTO = new Set(["text", "search", "email", "tel", "url", "password", "number"]);

/**
 * A field typed into is only announced: the form library hears input events on
 * the document and reads the value there. Its value is not touched, because any
 * write moves the caret to the end, drops a selection and cuts off the word a
 * phone keyboard is composing, and the visitor is usually still typing when the
 * scripts arrive. No React handler of this site reads those fields' changes; a
 * new one would not see what was typed before hydration.
 *
 * A date or time field is picked, not typed into, and the booking form's own
 * change handler must see it (it loads that day's times). React skips an event
 * whose value it has already seen, and it saw the picked value when it hydrated.
 * So the field briefly goes back to what the server sent (through React's own
 * `value` setter, which it watches), the picked value is put back behind React's
 * back (the prototype's setter), and the input event then reads as a change.
 */
function announceValue(control: HTMLInputElement) {
  if (TYPED_INTO.has(control.type)) {
    announce(control, "input");
    return;
  }
  const picked = control.value;
  control.value = control.defaultValue;
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(control), "value")?.set?.call(control, picked);
  announce(control, "input");
}

function announce(control: EventTarget, ...types: string[]) {
  for (const type of types) control.dispatchEvent(new Event(type, { bubbles: true }));
}

function replayEarlyInput(forms: Iterable<HTMLFormElement>) {
  for (const form of forms) {
    for (const control of [...form.elements]) {
      if (control instanceof HTMLSelectElement) {
        if (!control.multiple && control.selectedIndex !== initialIndex(control)) announce(control, "input", "change");
      } else if (control instanceof HTMLTextAreaElement) {
        if (control.value !== control.defaultValue) announce(control, "input");
      } else if (control instanceof HTMLInputElement) {
        if (control.type === "file") {
          if (control.files?.length) announce(control, "input", "change");
        } else if (control.type === "checkbox" || control.type === "radio") {
          if (control.checked !== control.defaultChecked) announce(control, "input");
        } else if (control.type !== "hidden" && control.value !== control.defaultValue) {
          announceValue(control);
        }
      }
    }
  }
}

/**
 * For the root route. Its effects run after those of every route below it, so
 * the forms' handlers are listening by then; they see the replay in the same
 * update that hydration's own follow-up render makes. `data-hydrated` on <html>
 * then says the page's scripts are running.
 */
export function useEarlyInputReplay() {
  const hydrated = useHydrated();
  useEffect(() => {
    replayEarlyInput(document.forms);
  }, []);
  useEffect(() => {
    if (hydrated) document.documentElement.dataset.hydrated = "";
  }, [hydrated]);
}

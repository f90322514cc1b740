import { Form, Link, useNavigation } from "react-router";
import { ErrorList, Field, FormErrors, HoneypotField } from "~/components/ui/forms";

// The Hours page's parts (decision 139): the visits the exceptions leave out,
// the special days and the blocked times, each with the owner's form to add one.
// Staff see the same lists without the forms and buttons.

export interface HoursRefusal {
  form: string;
  fieldErrors: Record<string, string[]>;
  formErrors: string[];
  values: Record<string, string>;
}

interface VisitToMove {
  id: number;
  name: string;
  when: string;
  service: string;
  why: string;
  href: string;
  askedAt: string | null;
}

export function VisitsToMove({ visits, isOwner, refusal }: { visits: VisitToMove[]; isOwner: boolean; refusal: HoursRefusal | undefined }) {
  const busy = useNavigation().state === "submitting";
  return (
    <section className="hours__section" aria-labelledby="hours-move-title">
      <h2 id="hours-move-title">Visits to move</h2>
      {refusal?.form === "move" ? <FormErrors errors={refusal.formErrors} /> : null}
      {visits.length === 0 ? (
        <p className="muted">No booked visit falls on a closed day or a blocked time.</p>
      ) : (
        <>
          <p className="muted">These visits were booked before their time was closed or blocked. Ask each customer to choose another time.</p>
          <ul className="hours__list" data-testid="visits-to-move">
            {visits.map((visit) => (
              <li key={visit.id} className="hours__item">
                <div>
                  <Link to={visit.href}>{visit.name}</Link>: {visit.service}, {visit.when}
                  <span className="hours__why">{visit.why}</span>
                </div>
                {visit.askedAt ? (
                  <span className="hours__asked">Asked to move on {visit.askedAt}</span>
                ) : isOwner ? (
                  // Each row's form is named: a list of them would otherwise be many forms of one (empty) name.
                  <Form method="post" aria-label={`Ask ${visit.name} to move`}>
                    <HoneypotField />
                    <input type="hidden" name="intent" value="ask-to-move" />
                    <input type="hidden" name="id" value={visit.id} />
                    <button type="submit" className="button button--secondary" disabled={busy}>
                      Ask {visit.name} to move
                    </button>
                  </Form>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function RemoveButton({ intent, id, label }: { intent: string; id: number; label: string }) {
  return (
    <Form method="post" aria-label={`Remove ${label}`}>
      <HoneypotField />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <button type="submit" className="button button--link">
        Remove<span className="visually-hidden"> {label}</span>
      </button>
    </Form>
  );
}

interface SpecialDayRow {
  id: number;
  label: string;
  note: string;
}

export function SpecialDays({ days, isOwner, today, refusal }: { days: SpecialDayRow[]; isOwner: boolean; today: string; refusal: HoursRefusal | undefined }) {
  const mine = refusal?.form === "special-day" ? refusal : undefined;
  const errors = (field: string) => mine?.fieldErrors[field];
  const value = (field: string) => mine?.values[field] ?? "";
  return (
    <section className="hours__section" aria-labelledby="hours-special-title">
      <h2 id="hours-special-title">Special days</h2>
      <p className="muted">A day the store is closed, or open at other hours. Visitors see these on the booking and contact pages.</p>
      {days.length === 0 ? (
        <p className="muted">No special days ahead.</p>
      ) : (
        <ul className="hours__list" data-testid="special-days">
          {days.map((day) => (
            <li key={day.id} className="hours__item">
              <div>
                <strong>{day.label}</strong>
                {day.note ? <span className="hours__why">{day.note}</span> : null}
              </div>
              {isOwner ? <RemoveButton intent="remove-special-day" id={day.id} label={day.label} /> : null}
            </li>
          ))}
        </ul>
      )}
      {isOwner ? (
        <Form method="post" className="hours__form" aria-labelledby="hours-special-form-title" key={mine ? "refused" : "new"}>
          <h3 id="hours-special-form-title">Add a special day</h3>
          <HoneypotField />
          <input type="hidden" name="intent" value="add-special-day" />
          <FormErrors errors={mine?.formErrors} />
          <Field label="Day" errors={errors("date")} inputProps={{ id: "special-date", name: "date", type: "date", min: today, required: true, defaultValue: value("date") }} />
          <fieldset className="field choice-group" aria-describedby={errors("kind") ? "special-kind-error" : undefined}>
            <legend>That day the store is</legend>
            <div className="choice-chips">
              <label className="choice-chip">
                <input type="radio" name="kind" value="closed" defaultChecked={value("kind") !== "hours"} />
                <span className="choice-chip__text">Closed</span>
              </label>
              <label className="choice-chip">
                <input type="radio" name="kind" value="hours" defaultChecked={value("kind") === "hours"} />
                <span className="choice-chip__text">Open at other hours</span>
              </label>
            </div>
            <ErrorList id="special-kind-error" errors={errors("kind")} />
          </fieldset>
          <div className="hours__pair">
            <Field label="Opens" errors={errors("opens")} inputProps={{ id: "special-opens", name: "opens", type: "time", step: 1800, defaultValue: value("opens") }} />
            <Field label="Closes" errors={errors("closes")} inputProps={{ id: "special-closes", name: "closes", type: "time", step: 1800, defaultValue: value("closes") }} />
          </div>
          <Field label="Note for visitors (optional)" hint="For example: Closed for Christmas." errors={errors("note")} inputProps={{ id: "special-note", name: "note", type: "text", maxLength: 80, defaultValue: value("note") }} />
          <button type="submit" className="button button--primary">Save special day</button>
        </Form>
      ) : null}
    </section>
  );
}

interface BlockedTimeRow {
  id: number;
  day: string;
  span: string;
  reason: string;
}

export function BlockedTimes({ blocks, isOwner, today, refusal }: { blocks: BlockedTimeRow[]; isOwner: boolean; today: string; refusal: HoursRefusal | undefined }) {
  const mine = refusal?.form === "blocked-time" ? refusal : undefined;
  const errors = (field: string) => mine?.fieldErrors[field];
  const value = (field: string) => mine?.values[field] ?? "";
  return (
    <section className="hours__section" aria-labelledby="hours-blocked-title">
      <h2 id="hours-blocked-title">Blocked times</h2>
      <p className="muted">The store is open, but takes no appointments (the goldsmith is out, a delivery). Visitors never see the reason.</p>
      {blocks.length === 0 ? (
        <p className="muted">No blocked times ahead.</p>
      ) : (
        <ul className="hours__list" data-testid="blocked-times">
          {blocks.map((block) => (
            <li key={block.id} className="hours__item">
              <div>
                <strong>
                  {block.day}, {block.span}
                </strong>
                {block.reason ? <span className="hours__why">{block.reason}</span> : null}
              </div>
              {isOwner ? <RemoveButton intent="remove-blocked-time" id={block.id} label={`${block.day}, ${block.span}`} /> : null}
            </li>
          ))}
        </ul>
      )}
      {isOwner ? (
        <Form method="post" className="hours__form" aria-labelledby="hours-blocked-form-title" key={mine ? "refused" : "new"}>
          <h3 id="hours-blocked-form-title">Block a time</h3>
          <HoneypotField />
          <input type="hidden" name="intent" value="add-blocked-time" />
          <FormErrors errors={mine?.formErrors} />
          <Field label="Day" errors={errors("date")} inputProps={{ id: "blocked-date", name: "date", type: "date", min: today, required: true, defaultValue: value("date") }} />
          <div className="hours__pair">
            <Field label="From" errors={errors("from")} inputProps={{ id: "blocked-from", name: "from", type: "time", step: 1800, required: true, defaultValue: value("from") }} />
            <Field label="To" errors={errors("to")} inputProps={{ id: "blocked-to", name: "to", type: "time", step: 1800, required: true, defaultValue: value("to") }} />
          </div>
          <Field label="Reason (staff only, optional)" errors={errors("reason")} inputProps={{ id: "blocked-reason", name: "reason", type: "text", maxLength: 200, defaultValue: value("reason") }} />
          <button type="submit" className="button button--primary">Block this time</button>
        </Form>
      ) : null}
    </section>
  );
}

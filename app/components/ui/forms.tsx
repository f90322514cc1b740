import { useEffect, useId, useRef, useState, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { HONEYPOT_FIELD } from "~/http/form";

// One set of form controls for every form on the site: a label above the
// field, "required" marked in words, and the error below it with an icon.

export function ErrorList({ id, errors }: { id?: string; errors?: string[] | undefined }) {
  if (!errors?.length) return null;
  return (
    <ul id={id} className="field__errors">
      {errors.map((error) => (
        <li key={error}>
          <span aria-hidden="true" className="field__error-icon">!</span> {error}
        </li>
      ))}
    </ul>
  );
}

interface FieldProps {
  label: ReactNode;
  errors?: string[] | undefined;
  hint?: ReactNode;
  inputProps: InputHTMLAttributes<HTMLInputElement> & { id: string };
}

export function Field({ label, errors, hint, inputProps }: FieldProps) {
  const errorId = `${inputProps.id}-error`;
  const hintId = hint ? `${inputProps.id}-hint` : undefined;
  return (
    <div className="field">
      <label htmlFor={inputProps.id}>
        {label}
        {inputProps.required ? <RequiredMark /> : null}
      </label>
      {hint ? <p id={hintId} className="field__hint">{hint}</p> : null}
      <input
        {...inputProps}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={[hintId, errors?.length ? errorId : undefined].filter(Boolean).join(" ") || undefined}
      />
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

interface TextareaFieldProps {
  label: ReactNode;
  errors?: string[] | undefined;
  hint?: ReactNode;
  textareaProps: TextareaHTMLAttributes<HTMLTextAreaElement> & { id: string };
}

export function TextareaField({ label, errors, hint, textareaProps }: TextareaFieldProps) {
  const errorId = `${textareaProps.id}-error`;
  const hintId = hint ? `${textareaProps.id}-hint` : undefined;
  return (
    <div className="field">
      <label htmlFor={textareaProps.id}>
        {label}
        {textareaProps.required ? <RequiredMark /> : null}
      </label>
      {hint ? <p id={hintId} className="field__hint">{hint}</p> : null}
      <textarea
        rows={5}
        {...textareaProps}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={[hintId, errors?.length ? errorId : undefined].filter(Boolean).join(" ") || undefined}
      />
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

interface SelectFieldProps {
  label: ReactNode;
  errors?: string[] | undefined;
  hint?: ReactNode;
  /** The first, empty choice, e.g. "Choose a service". */
  placeholder: string;
  options: readonly string[];
  selectProps: SelectHTMLAttributes<HTMLSelectElement> & { id: string };
}

export function SelectField({ label, errors, hint, placeholder, options, selectProps }: SelectFieldProps) {
  const errorId = `${selectProps.id}-error`;
  const hintId = hint ? `${selectProps.id}-hint` : undefined;
  return (
    <div className="field">
      <label htmlFor={selectProps.id}>
        {label}
        {selectProps.required ? <RequiredMark /> : null}
      </label>
      {hint ? <p id={hintId} className="field__hint">{hint}</p> : null}
      <select
        {...selectProps}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={[hintId, errors?.length ? errorId : undefined].filter(Boolean).join(" ") || undefined}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

/**
 * A record's status: a select that always has a value (its first option is a status), so it takes no placeholder,
 * and HTML allows `required` only with one: conform's `required` is dropped.
 */
export function StatusField({
  errors,
  options,
  selectProps,
}: {
  errors?: string[] | undefined;
  options: readonly { value: string; label: string }[];
  selectProps: SelectHTMLAttributes<HTMLSelectElement> & { id: string };
}) {
  const errorId = `${selectProps.id}-error`;
  return (
    <div className="field">
      <label htmlFor={selectProps.id}>Status</label>
      <select
        {...selectProps}
        required={undefined}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? errorId : undefined}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

interface CheckboxFieldProps {
  label: ReactNode;
  errors?: string[] | undefined;
  /** Words beside the box that belong to it (e.g. a disclosure), read with it by screen readers. */
  hint?: ReactNode;
  inputProps: InputHTMLAttributes<HTMLInputElement> & { id: string };
}

export function CheckboxField({ label, errors, hint, inputProps }: CheckboxFieldProps) {
  const errorId = `${inputProps.id}-error`;
  const hintId = hint ? `${inputProps.id}-hint` : undefined;
  return (
    <div className="field field--checkbox">
      <div className="field__checkbox-row">
        <input
          {...inputProps}
          type="checkbox"
          aria-invalid={errors?.length ? true : undefined}
          aria-describedby={[hintId, errors?.length ? errorId : undefined].filter(Boolean).join(" ") || undefined}
        />
        <label htmlFor={inputProps.id}>
          {label}
          {inputProps.required ? <RequiredMark /> : null}
        </label>
      </div>
      {hint ? <p id={hintId} className="field__hint field__checkbox-hint">{hint}</p> : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

function RequiredMark() {
  return <span className="field__required"> (required)</span>;
}

/** Hidden from people and assistive tech; bots that fill every field reveal themselves. */
export function HoneypotField() {
  // An id of its own: a page may hold several forms (a staff record page does).
  const id = `${HONEYPOT_FIELD}-${useId()}`;
  return (
    <div className="honeypot" aria-hidden="true">
      <label htmlFor={id}>Leave this field empty</label>
      <input id={id} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

/** Form-level errors (not tied to one field), e.g. "too many tries". */
export function FormErrors({ errors }: { errors?: string[] | undefined }) {
  if (!errors?.length) return null;
  return (
    <div className="form-errors" role="alert">
      <ErrorList errors={errors} />
    </div>
  );
}

/** One problem in an error summary: the message, and the id of the field it belongs to (none for the form's own). */
export interface SummaryItem {
  fieldId?: string;
  message: string;
}

/**
 * The list of a refused submit's problems at the top of a form, each a link to
 * its field. Focus moves here whenever `focusKey` changes while there are
 * problems (a submit); without JavaScript, `autofocus` brings it into view when
 * the refused post's page opens.
 */
export function ErrorSummary({ id, items, focusKey }: { id: string; items: SummaryItem[]; focusKey: unknown }) {
  const ref = useRef<HTMLDivElement>(null);
  const hasItems = items.length > 0;
  useEffect(() => {
    if (!hasItems || focusKey === undefined) return;
    // After the form library's own focus on the first invalid field, which runs in a later effect.
    const timer = setTimeout(() => ref.current?.focus());
    return () => clearTimeout(timer);
  }, [focusKey]); // eslint-disable-line react-hooks/exhaustive-deps -- a new submit moves focus, not a fixed error
  if (!hasItems) return null;
  const headingId = `${id}-title`;
  return (
    <div ref={ref} id={id} className="error-summary" role="alert" aria-labelledby={headingId} tabIndex={-1} autoFocus>
      <h3 id={headingId} className="error-summary__title">
        {items.length === 1 ? "Please fix this to continue" : `Please fix these ${items.length} things to continue`}
      </h3>
      <ul className="error-summary__list">
        {items.map((item) => (
          <li key={`${item.fieldId ?? ""}:${item.message}`}>
            {item.fieldId ? <a href={`#${item.fieldId}`}>{item.message}</a> : item.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The summary's items in the form's order: form-level errors first, then each field's, linked to
 * `fieldIds[name]` (a radio group links to its first choice; "" lists it without a link).
 */
export function summaryItems(
  formErrors: readonly string[] | undefined,
  fieldErrors: Record<string, string[] | undefined>,
  fieldIds: Record<string, string>,
): SummaryItem[] {
  const items: SummaryItem[] = (formErrors ?? []).map((message) => ({ message }));
  for (const [name, fieldId] of Object.entries(fieldIds)) {
    for (const message of fieldErrors[name] ?? []) items.push(fieldId ? { fieldId, message } : { message });
  }
  return items;
}

/**
 * Counts the submits of a form and the server's answers to them: the error summary's `focusKey`.
 * `countSubmit` goes in the form's onSubmit; a new `serverAnswer` (action or fetcher data) counts too.
 */
export function useSubmitAttempts(serverAnswer: unknown): { attempts: number | undefined; countSubmit: () => void } {
  const [attempts, setAttempts] = useState(0);
  const [answerSeen, setAnswerSeen] = useState(serverAnswer);
  if (serverAnswer !== answerSeen) {
    setAnswerSeen(serverAnswer);
    setAttempts((count) => count + 1);
  }
  return { attempts: attempts === 0 ? undefined : attempts, countSubmit: () => setAttempts((count) => count + 1) };
}

/**
 * A form whose errors come from its action's reply (docs/decisions/0006, 0159): what every form in the app needs
 * from Conform in the browser, without its runtime (~9 KB gzip of JS on each form page). The action still parses
 * with `parseWithZod` and answers `submission.reply()`; this hook reads that reply (`lastResult`):
 * - each field's errors (`fields.x.errors`) and the form's (`form.errors`), for FormErrorSummary and Field;
 * - the values to show: the reply's `initialValue` when the page was rendered from a refused post (without JS),
 *   else the given defaults; a field's live `value` follows what is typed (the amount rules, quantity steppers);
 * - the constraints the loader computed from the schema (`getZodConstraint`) as the inputs' HTML attributes;
 * - with JS, a new refused reply focuses its first invalid field before the error summary takes focus, and a
 *   reply made with `resetForm` empties the form (the chat's box after a send);
 * - a field's errors clear as soon as the customer changes that field (typing, picking a file or a choice), so an
 *   error never stays under a field that has been put right (docs/product.md#validation).
 * Validation stays in the action: no schema ships to the browser. A form's `id` is fixed for its component's life
 * (key the component to start a new form).
 */
import type { SubmissionResult } from "@conform-to/react";
import { useEffect, useLayoutEffect, useRef, useState } from "react";

/** A refused (or reset) submission as the action answers it: `submission.reply()`. */
export type FormReply = SubmissionResult<string[]>;

/** A field's HTML constraints, as `getZodConstraint(schema)` gives them (decision 0006). */
export interface FieldConstraint {
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  min?: string | number;
  max?: string | number;
  step?: string | number;
  multiple?: boolean;
  pattern?: string;
  accept?: string;
}

export type FormConstraints = Record<string, FieldConstraint>;

export interface FieldMetadata extends FieldConstraint {
  /** `<form id>-<name>`: the input's id. */
  id: string;
  name: string;
  formId: string;
  /** `<id>-error`, what Field gives its error (fieldErrorId). */
  errorId: string;
  /** The reply's errors for this field, after a refused submit. */
  errors?: string[];
  /** What the input starts with. */
  initialValue?: string;
  /** What it holds now (with JS, as typed). */
  value?: string;
}

export interface FormMetadata {
  id: string;
  /** The reply's form-level errors. */
  errors?: string[];
  noValidate: boolean;
  /** Puts `value` in a field as typing would (no round trip to the action). */
  update(change: { name: string; value: string }): void;
}

export interface ReplyFormOptions<Fields> {
  id: string;
  lastResult?: FormReply | null;
  constraint?: FormConstraints;
  defaultValue?: { [K in keyof Fields]?: unknown };
  /** False: the browser's own checks (required, pattern…) run until JS has loaded; the action's after. */
  defaultNoValidate?: boolean;
}

type Values = Record<string, string>;

const useClientLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

/** Flat string values: numbers as written, `true` as "on" (a checkbox), nothing for null/undefined/lists. */
function strings(source: Record<string, unknown> | null | undefined): Values {
  const values: Values = {};
  for (const [name, value] of Object.entries(source ?? {})) {
    if (typeof value === "string") values[name] = value;
    else if (typeof value === "number" || typeof value === "bigint") values[name] = String(value);
    else if (value === true) values[name] = "on";
  }
  return values;
}

const formElement = (id: string) => document.getElementById(id) as HTMLFormElement | null;

/** What the form holds now: its fields' string values (files left out). */
function formValues(form: HTMLFormElement): Values {
  const values: Values = {};
  new FormData(form).forEach((value, name) => {
    if (typeof value === "string") values[name] = value;
  });
  return values;
}

export function useReplyForm<Fields extends Record<string, unknown>>({
  id,
  lastResult,
  constraint = {},
  defaultValue,
  defaultNoValidate = true,
}: ReplyFormOptions<Fields>): [FormMetadata, { [K in keyof Fields & string]-?: FieldMetadata } & Record<string, FieldMetadata>] {
  // The values the page started with: a refused no-JS post's, else the defaults (kept, as the inputs keep theirs).
  const [initial] = useState(() => strings(lastResult?.initialValue ?? (defaultValue as Record<string, unknown>)));
  const [values, setValues] = useState(initial);
  const [noValidate, setNoValidate] = useState(defaultNoValidate);
  const seen = useRef(lastResult);
  // The fields changed since the reply now shown (the reply they belong to, so a new reply starts with none).
  const reply = useRef(lastResult);
  reply.current = lastResult;
  const [changed, setChanged] = useState<{ reply: FormReply | null | undefined; names: ReadonlySet<string> }>({ reply: lastResult, names: new Set() });

  useEffect(() => {
    setNoValidate(true);
    const onInput = (event: Event) => {
      const target = event.target as HTMLInputElement;
      const form = target.form;
      if (form?.id !== id) return;
      setValues(formValues(form));
      if (target.name) {
        setChanged((previous) => ({
          reply: reply.current,
          names: new Set(previous.reply === reply.current ? [...previous.names, target.name] : [target.name]),
        }));
      }
    };
    document.addEventListener("input", onInput);
    return () => document.removeEventListener("input", onInput);
  }, [id]);

  // A new reply (with JS): a reset empties the form; a refusal focuses its first invalid field. Layout effect, so
  // that FormErrorSummary's effect, which runs after, moves focus on to the summary when there is one.
  useClientLayoutEffect(() => {
    if (seen.current === lastResult) return;
    seen.current = lastResult;
    const form = formElement(id);
    if (!form || !lastResult) return;
    if (lastResult.initialValue === null) {
      form.reset();
      setValues(initial);
    } else if (lastResult.status === "error") {
      for (const element of form.elements as unknown as HTMLInputElement[]) {
        if (element.name && lastResult.error?.[element.name]) {
          element.focus();
          break;
        }
      }
    }
  }, [lastResult]);

  const changedNames = changed.reply === lastResult ? changed.names : null;
  const errors = (name: string) =>
    lastResult?.initialValue === null || changedNames?.has(name) ? undefined : lastResult?.error?.[name] ?? undefined;
  const field = (name: string): FieldMetadata => ({
    ...constraint[name],
    id: `${id}-${name}`,
    name,
    formId: id,
    errorId: `${id}-${name}-error`,
    errors: errors(name),
    initialValue: initial[name],
    value: values[name],
  });
  const form: FormMetadata = {
    id,
    errors: errors(""),
    noValidate,
    update({ name, value }) {
      const input = formElement(id)?.elements.namedItem(name);
      if (!(input instanceof HTMLInputElement)) return;
      input.value = value;
      input.dispatchEvent(new Event("input", { bubbles: true }));
    },
  };
  const fields = new Proxy({} as Record<string, FieldMetadata>, { get: (_, name) => field(String(name)) });
  return [form, fields as { [K in keyof Fields & string]-?: FieldMetadata } & Record<string, FieldMetadata>];
}

/** Props without their undefined entries, so that spreading them never clears what a caller set before. */
function defined<Props extends Record<string, unknown>>(props: Props): Props {
  for (const key of Object.keys(props)) if (props[key] === undefined) delete props[key];
  return props;
}

/** Conform's aria wiring: an invalid control is `aria-invalid` and described by its error. */
function aria(meta: { errorId: string; errors?: string[] }, options: { ariaAttributes?: boolean }, control: boolean) {
  if (options.ariaAttributes === false || !meta.errors) return {};
  return control ? { "aria-invalid": true as const, "aria-describedby": meta.errorId } : { "aria-describedby": meta.errorId };
}

/** The <form>'s id, noValidate and (when the form has errors) aria-describedby. */
export function getFormProps(form: FormMetadata) {
  return { id: form.id, noValidate: form.noValidate, ...aria({ errorId: `${form.id}-error`, errors: form.errors }, {}, false) };
}

function controlProps(field: FieldMetadata, options: { ariaAttributes?: boolean }) {
  return { id: field.id, name: field.name, form: field.formId, required: field.required || undefined, ...aria(field, options, true) };
}

/**
 * An uncontrolled input for `field`: its id, name, constraints and starting value (`defaultValue`, or
 * `value`/`defaultChecked` for a checkbox or radio); `ariaAttributes: false` when Field wires the aria itself.
 */
export function getInputProps(field: FieldMetadata, options: { type: string; ariaAttributes?: boolean; value?: string }) {
  // A hidden input takes no constraint or aria attribute: HTML forbids them there, and the action checks its value
  // (docs/decisions/0197-form-attributes-html-allows.md).
  if (options.type === "hidden") {
    return defined({ id: field.id, name: field.name, form: field.formId, type: "hidden", defaultValue: field.initialValue });
  }
  const { minLength, maxLength, min, max, step, pattern, multiple, accept } = field;
  const props = { ...controlProps(field, options), type: options.type, minLength, maxLength, min, max, step, pattern, multiple, accept };
  if (options.type === "checkbox" || options.type === "radio") {
    const value = options.value ?? "on";
    return defined({ ...props, value, defaultChecked: field.initialValue === value });
  }
  return defined({ ...props, defaultValue: field.initialValue });
}

/** An uncontrolled textarea for `field`. */
export function getTextareaProps(field: FieldMetadata, options: { ariaAttributes?: boolean } = {}) {
  const { minLength, maxLength } = field;
  return defined({ ...controlProps(field, options), minLength, maxLength, defaultValue: field.initialValue });
}

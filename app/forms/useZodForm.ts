/**
 * The one form hook (docs/ARCHITECTURE.md#forms, docs/decisions/0200-one-form-kit.md,
 * docs/decisions/0280-validation-loads-after-hydration.md): Conform's own `useForm` driven by the form's one zod
 * schema, which the page loads after it is usable:
 * - `constraint` (the loader's `formConstraint(schema)`) gives the inputs their native `required`, `minLength`,
 *   `pattern`… in the server's HTML and after hydration alike. Left out, it is the route's loader data's
 *   `constraint`, and `lastResult` the route's action data's `result`: a screen whose loader returns
 *   `{ constraint }` and whose action answers `{ result: submission.reply() }` gives neither. A form whose data comes
 *   another way (a fetcher, a reply for one of two forms, a prop) passes them; given as `undefined`, they are none;
 * - `schema` is a function loading the schema (`() => import("./schema").then((m) => m.createXSchema(t))`): it runs
 *   at the first focus or input in the form, not before: the page's load and hydration are not followed by a long
 *   task the customer did not ask for (docs/decisions/0315-validation-loads-on-first-focus.md);
 *   from then on `parseWithZod` checks the form on submit in the browser (the same schema and translated messages as
 *   the action). Before that, a submit goes to the action, which checks it with the same schema and answers with
 *   the same errors; without JS the action's 400 reply (`lastResult`) re-renders the page with the typed values and
 *   the errors. A schema given as such (not a function) checks as soon as `parseWithZod` has loaded;
 * - errors show after a submit only; a field's error goes as soon as the customer changes that field (typing, a
 *   file, a choice), the others stay until the next submit (docs/product.md#validation);
 * - the error summary's props (`summary`): it takes focus after each failed submit;
 * - with `offlineMessage`, a submit while the device is offline is held back and said in the screen's words;
 * - `busy` while the page's POST is under way.
 * Spread `formProps` on the `<Form>` (they include Conform's `getFormProps`).
 */
import { getFormProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useCallback, useMemo, useRef, useState, type FormEvent } from "react";
import type { z } from "zod";

import { useOfflineSubmit } from "./useOfflineSubmit";

/** The native constraints of a form's fields (`getZodConstraint`'s answer), as its loader sends them. */
export type FormConstraint = NonNullable<Parameters<typeof useForm>[0]["constraint"]>;

type Validate = (context: { formData: FormData }) => unknown;

export interface ZodFormOptions<Schema extends z.ZodTypeAny> {
  /** The form's id: the inputs' ids are `<id>-<name>`. */
  id: string;
  /** The form's schema, or (the rule) a function loading it; see above. Without one the server checks it alone. */
  schema?: Schema | (() => Promise<Schema>);
  /**
   * The fields' native constraints: the loader's `formConstraint(schema)` (app/forms/constraint.server.ts); left out,
   * the route's loader data's `constraint`.
   */
  constraint?: FormConstraint | undefined;
  /** The action's reply (`submission.reply()`), or null; left out, the route's action data's `result`. */
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: Partial<Record<keyof z.input<Schema> & string, unknown>> | null;
  /** Hold a submit back while offline and say so with this message (money forms). */
  offlineMessage?: string;
  /** The last submit never reached the server (a client action's network failure). */
  offline?: boolean;
  /** False: the browser's own checks (required, maxlength) run until JS has loaded (default: the action's). */
  defaultNoValidate?: boolean;
  /** Conform's `onSubmit`: runs only when the browser's check passed (e.g. to prepare files, then submit). */
  onSubmit?: Parameters<typeof useForm>[0]["onSubmit"];
}

type Fields<Schema extends z.ZodTypeAny> = ReturnType<typeof useForm<z.input<Schema>, z.output<Schema>, string[]>>[1];

/** A field's metadata with its errors hidden (the customer has changed it since the last submit). */
function settled<Meta extends object>(meta: Meta): Meta {
  return new Proxy(meta, {
    get(target, key) {
      if (key === "errors") return undefined;
      if (key === "allErrors") return {};
      if (key === "valid" || key === "allValid") return true;
      return Reflect.get(target, key);
    },
  });
}

/**
 * The check on submit, once the schema and `parseWithZod` have loaded (null until then); `load` starts loading
 * them (again after a failure), at the latest on the first focus or input in the form.
 */
function useLazyValidate<Schema extends z.ZodTypeAny>(schema: ZodFormOptions<Schema>["schema"]) {
  const [validate, setValidate] = useState<Validate | null>(null);
  const latest = useRef(schema);
  latest.current = schema;
  const started = useRef(false);
  const load = useCallback(() => {
    const source = latest.current;
    if (started.current || source === undefined) return;
    started.current = true;
    Promise.all([typeof source === "function" ? source() : source, import("./parse")]).then(
      ([loaded, { parseWithZod }]) =>
        setValidate(
          () =>
            ({ formData }: { formData: FormData }) =>
              parseWithZod(formData, { schema: loaded }),
        ),
      () => {
        started.current = false; // the network lost it: the server checks until the next focus or input loads it
      },
    );
  }, []);
  return { validate, load };
}

/** What the hook reads of the route's loader and action data (see above). */
interface RouteFormData {
  constraint?: FormConstraint;
  result?: SubmissionResult<string[]>;
}

/** The route's loader data's `constraint` and action data's `result`, where the route sends them (see above). */
function useRouteFormData() {
  const loaded: unknown = useLoaderData();
  const replied: unknown = useActionData();
  return { constraint: field(loaded, "constraint"), lastResult: field(replied, "result") };
}

function field<Key extends keyof RouteFormData>(data: unknown, key: Key): RouteFormData[Key] {
  return typeof data === "object" && data !== null && key in data ? (data as RouteFormData)[key] : undefined;
}

export function useZodForm<Schema extends z.ZodTypeAny>(options: ZodFormOptions<Schema>) {
  const {
    id,
    schema,
    defaultValue,
    offlineMessage,
    offline: lost = false,
    onSubmit: onValid,
    defaultNoValidate,
  } = options;
  const route = useRouteFormData();
  const constraint = "constraint" in options ? options.constraint : route.constraint;
  const lastResult = "lastResult" in options ? options.lastResult : route.lastResult;
  const { validate, load } = useLazyValidate(schema);
  const [form, conformFields] = useForm<z.input<Schema>, z.output<Schema>, string[]>({
    id,
    lastResult,
    defaultValue: defaultValue as never,
    constraint,
    defaultNoValidate,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
    onValidate: (validate ?? undefined) as never,
    onSubmit: onValid,
  });
  const navigation = useNavigation();
  const [attempts, setAttempts] = useState(0);
  const [changed, setChanged] = useState<ReadonlySet<string>>(() => new Set());
  const held = useOfflineSubmit();
  const holding = offlineMessage !== undefined;

  const onSubmitCapture = useCallback(() => {
    setAttempts((count) => count + 1);
    setChanged(new Set());
  }, []);
  // Both: React's onChange skips a value set by script (the keypad), a file or a choice may fire only `change`.
  const onChange = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      load();
      const name = (event.target as HTMLInputElement).name;
      if (name) setChanged((names) => (names.has(name) ? names : new Set(names).add(name)));
    },
    [load],
  );
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (holding) {
      held.onSubmit(event);
      if (event.defaultPrevented) return;
    }
    form.onSubmit(event);
  };

  const fields = useMemo(
    () =>
      new Proxy(conformFields, {
        get(target, name) {
          const meta = Reflect.get(target, name);
          return typeof name === "string" && changed.has(name) && meta ? settled(meta as FieldMetadata<unknown>) : meta;
        },
      }),
    [conformFields, changed],
  );

  const offline = lost || (holding && held.offline);
  return {
    form,
    fields: fields as Fields<Schema>,
    formProps: { ...getFormProps(form), onSubmit, onSubmitCapture, onInput: onChange, onChange, onFocus: load },
    summary: {
      formErrors: [...(form.errors ?? []), ...(offline && offlineMessage ? [offlineMessage] : [])],
      lastResult: offline ? { status: "error" } : lastResult,
      attempts,
    },
    busy: navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST",
    offline,
  };
}

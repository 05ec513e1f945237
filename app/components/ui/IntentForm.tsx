import { Form } from "@remix-run/react";
import type { ButtonHTMLAttributes } from "react";

export interface IntentFormProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type" | "name" | "value"> {
  /** Where it posts. */
  action: string;
  /** What the action is asked to do: the button's value, under the name `intent`. */
  intent: string;
  /** Posted with it, as hidden inputs (the row's id). */
  values?: Record<string, string | number>;
  /** The form's own class and scroll behaviour. */
  formProps?: { className?: string; preventScrollReset?: boolean };
}

/**
 * A form that is one button (a row's action: end a device's session, pause an alert, invest in a fund): a POST of
 * `intent` and `values` to `action`, the same with JavaScript off. The other props go on the button.
 */
export function IntentForm({ action, intent, values = {}, formProps, children, ...buttonProps }: IntentFormProps) {
  return (
    <Form method="post" action={action} {...formProps}>
      {Object.entries(values).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" name="intent" value={intent} {...buttonProps}>
        {children}
      </button>
    </Form>
  );
}

import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

export interface LinkTab {
  to: string;
  /** The whole label: its visible text is also its accessible name (WCAG 2.5.3), so it is never cut. */
  label: ReactNode;
  current: boolean;
}

/** Tabs as a row of links (each tab is its own URL, so they work without JS and with Back). */
export function LinkTabs({ label, tabs, className }: { label: string; tabs: LinkTab[]; className?: string }) {
  return (
    <nav aria-label={label} className={["tabs", className ?? ""].filter(Boolean).join(" ")}>
      <ul>
        {tabs.map((tab) => (
          <li key={tab.to}>
            <Link to={tab.to} className="tabs__tab" aria-current={tab.current ? "page" : undefined} preventScrollReset>
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export interface RadioTabOption {
  value: string;
  label: ReactNode;
}

/** Tabs as a radio group inside a fieldset (for choices that are part of a form). */
export function RadioTabs({
  legend,
  name,
  options,
  defaultValue,
  onChange,
  legendHidden,
  idPrefix,
}: {
  legend: ReactNode;
  name: string;
  /** Gives each radio the id `<idPrefix>-<value>` (an error summary can link to the group). */
  idPrefix?: string;
  options: RadioTabOption[];
  defaultValue?: string;
  onChange?: (value: string) => void;
  legendHidden?: boolean;
}) {
  return (
    <fieldset className="radio-tabs">
      <legend className={legendHidden ? "sr-only" : undefined}>{legend}</legend>
      <div className="radio-tabs__row">
        {options.map((option) => (
          <label key={option.value} className="radio-tabs__tab">
            <input
              type="radio"
              name={name}
              id={idPrefix ? `${idPrefix}-${option.value}` : undefined}
              value={option.value}
              defaultChecked={option.value === defaultValue}
              onChange={onChange ? () => onChange(option.value) : undefined}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

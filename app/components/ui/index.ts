export { Field, fieldErrorId, type FieldProps } from "./Field";
export { ErrorSummary, type SummaryError } from "./ErrorSummary";
export { LinkTabs, RadioTabs, type LinkTab, type RadioTabOption } from "./Tabs";
export { PriceChange, PriceChangeFigures, priceChangeText, usePriceChangeText } from "./PriceChange";
export { Toast } from "./Toast";
export { FormErrorSummary, FormFailureContext, useFormErrors } from "./FormErrors";
export { ConfirmPanel, ConfirmTrigger } from "./ConfirmDialog";
export { IntentForm, type IntentFormProps } from "./IntentForm";

export { Field, fieldErrorId, type FieldProps } from "./Field";
export { ErrorSummary, type SummaryError } from "./ErrorSummary";
export { LinkTabs, RadioTabs, type LinkTab, type RadioTabOption } from "./Tabs";
export { PriceChange, priceChangeText } from "./PriceChange";
export { Toast } from "./Toast";
export { FormErrorSummary, FormFailureContext, useFormErrors } from "./FormErrors";
export { ConfirmPanel, ConfirmTrigger } from "./ConfirmDialog";

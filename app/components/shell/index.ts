export { BottomNav } from "./BottomNav";
export { Header } from "./Header";
export { LanguagePicker } from "./LanguagePicker";
export { SupportLink } from "./SupportLink";
export { DesktopWarning } from "./DesktopWarning";
export { BackSwipe } from "./BackSwipe";
export { isBackSwipe } from "./back-swipe";
export { NetworkStatus, SLOW_NAVIGATION_MS, isNetworkFailure, useOnline, useSlowNavigation } from "./NetworkStatus";
export { focusTargetOf, useFocusOnNavigation } from "./useFocusOnNavigation";

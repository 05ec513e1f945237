export { BottomNav } from "./BottomNav";
export { Header } from "./Header";
export { LanguagePicker } from "./LanguagePicker";
export { SupportLink } from "./SupportLink";
export { DesktopWarning, desktopWarningScript } from "./DesktopWarning";
export { BackSwipe, isBackSwipe } from "./BackSwipe";

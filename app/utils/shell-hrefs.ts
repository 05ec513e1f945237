/**
 * The addresses the header on every page links to or polls, apart from hrefs.ts (which re-exports them) so the
 * code every page loads does not carry every builder (docs/decisions/0285-page-js.md).
 */
export const customerServiceHref = () => "/customer-service";
/** The support button: `/support` opens the chat when it is on, else follows the provider's support link. */
export const supportHref = () => "/support";
/** The support button's state (chat on, unread replies, a link to another site), polled every 10 s. */
export const unreadResourceHref = () => "/resources/unread";

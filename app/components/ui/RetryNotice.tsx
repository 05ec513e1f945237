import { Link } from "@remix-run/react";

/**
 * What a screen says when its data could not be read (docs/product.md#errors: "loading failed, please retry"):
 * the message and a retry link that reloads the whole document (works without JS, and after a failed client
 * navigation).
 */
export function RetryNotice({ message, href, retryLabel }: { message: string; href: string; retryLabel: string }) {
  return (
    <div className="notice">
      <p>{message}</p>
      <Link to={href} reloadDocument className="button button--secondary">
        {retryLabel}
      </Link>
    </div>
  );
}

import type { AnchorHTMLAttributes } from 'react';
import { usePortal } from '../hooks/use-portal';

type Props = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string };

/** A link to another portal page: moves without loading the page again (a modified click opens a tab). */
export function PortalLink({ href, onClick, ...rest }: Props) {
  const { navigate } = usePortal();
  return (
    <a
      href={href}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || event.button !== 0) return;
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        navigate(href);
      }}
      {...rest}
    />
  );
}

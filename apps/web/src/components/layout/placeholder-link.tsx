import type { ReactNode } from 'react';

type PlaceholderLinkProps = { children: ReactNode; label?: string; className?: string };

/** SPEC marks these footer targets as placeholders: they keep their place until their pages exist. */
export const PlaceholderLink = ({ children, label, className }: PlaceholderLinkProps) => (
  // biome-ignore lint/a11y/useValidAnchor: SPEC section 2 gives these links placeholder targets ('#').
  <a href="#" aria-label={label} className={className}>
    {children}
  </a>
);

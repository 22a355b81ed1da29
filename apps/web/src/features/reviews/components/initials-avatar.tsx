import { initials } from '@dicebear/collection';
import { createAvatar } from '@dicebear/core';
import { useMemo } from 'react';

type InitialsAvatarProps = { seed: string; className?: string };

/** DESIGN.md: the initials image is drawn in the browser, never fetched from an outside avatar service. */
export const InitialsAvatar = ({ seed, className }: InitialsAvatarProps) => {
  const src = useMemo(() => createAvatar(initials, { seed, radius: 50 }).toDataUri(), [seed]);
  // Decorative: the reviewer's name is printed right beside it.
  return <img src={src} alt="" data-testid="reviewer-avatar" width={40} height={40} className={className} />;
};

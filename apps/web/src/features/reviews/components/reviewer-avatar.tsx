import type { Review } from '@carcare/contracts/reviews';
import { lazy, Suspense } from 'react';

// dicebear is downloaded only by pages that draw avatars, after their first paint.
const InitialsAvatar = lazy(() => import('./initials-avatar').then((m) => ({ default: m.InitialsAvatar })));

const avatarClass = 'size-10 shrink-0 rounded-full';

export const ReviewerAvatar = ({ user }: { user: Review['user'] }) => (
  <Suspense
    fallback={
      <span aria-hidden="true" className={`${avatarClass} flex items-center justify-center bg-muted font-semibold`}>
        {user.firstName.charAt(0).toUpperCase()}
      </span>
    }
  >
    <InitialsAvatar seed={`${user.firstName} ${user.lastName}`} className={avatarClass} />
  </Suspense>
);

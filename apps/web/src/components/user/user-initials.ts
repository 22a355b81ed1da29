import type { User } from '@carcare/contracts/users';

export type AvatarUser = Pick<User, 'firstName' | 'lastName' | 'image'>;

/** 'Jane' 'Doe' -> 'JD' (SPEC: first letters of firstName and lastName). */
export const userInitials = ({ firstName, lastName }: Pick<User, 'firstName' | 'lastName'>) =>
  `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toUpperCase();

import type { Role } from '@carcare/contracts/users';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { ROLE_ABILITIES, ROLE_LABELS, roleChangeQuestion } from '../role-abilities';

type RoleChangeDialogProps = {
  userName: string;
  /** The role asked for; no dialog while it is null. */
  role: Role | null;
  onConfirm: (role: Role) => void;
  onCancel: () => void;
};

/** Asks before a role changes, and says what the new role can do; cancelling leaves the role as it was. */
export const RoleChangeDialog = ({ userName, role, onConfirm, onCancel }: RoleChangeDialogProps) => (
  <AlertDialog open={role !== null} onOpenChange={(open) => (open ? undefined : onCancel())}>
    <AlertDialogContent>
      {role ? (
        <>
          <AlertDialogHeader>
            <AlertDialogTitle>{roleChangeQuestion(userName, role)}</AlertDialogTitle>
            <AlertDialogDescription>{ROLE_ABILITIES[role]}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction onClick={() => onConfirm(role)}>
              Make {ROLE_LABELS[role].toLowerCase()}
            </AlertDialogAction>
          </AlertDialogFooter>
        </>
      ) : null}
    </AlertDialogContent>
  </AlertDialog>
);

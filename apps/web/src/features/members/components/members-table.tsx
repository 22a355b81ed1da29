import type { Member } from '@carcare/contracts/memberships';
import { Fragment } from 'react';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { isLive, memberName, washesLeftOf } from '../member-facts';
import { MEMBERS_WORDS } from '../members-words';
import { EndMembershipDialog } from './end-membership-dialog';
import { MemberCars, MemberPlan, MemberStatus, useMemberDays } from './member-parts';

type MembersProps = { members: readonly Member[] };

const MemberRow = ({ member }: { member: Member }) => {
  const { since, period } = useMemberDays(member);
  return (
    <TableRow>
      <TableCell className="max-w-56 whitespace-normal">
        <div className="break-words font-medium">{memberName(member)}</div>
        <div className="break-all text-muted-foreground text-xs">{member.customer.email}</div>
      </TableCell>
      <TableCell className="max-w-48 whitespace-normal">
        <MemberPlan member={member} />
      </TableCell>
      <TableCell className="max-w-56 whitespace-normal">
        <MemberCars member={member} />
      </TableCell>
      <TableCell>
        <MemberStatus member={member} />
      </TableCell>
      <TableCell>{since}</TableCell>
      <TableCell className="whitespace-normal">{period}</TableCell>
      <TableCell className="text-right">{member.failedPayments}</TableCell>
      <TableCell>{washesLeftOf(member)}</TableCell>
      <TableCell className="text-right">{isLive(member) ? <EndMembershipDialog member={member} /> : null}</TableCell>
    </TableRow>
  );
};

/** The members on a wide screen: who, which plan and cars, where it stands, its days and washes, and End. */
export const MembersTable = ({ members }: MembersProps) => (
  <Table aria-label={MEMBERS_WORDS.title}>
    <TableHeader>
      <TableRow>
        <TableHead>{MEMBERS_WORDS.member}</TableHead>
        <TableHead>{MEMBERS_WORDS.plan}</TableHead>
        <TableHead>{MEMBERS_WORDS.cars}</TableHead>
        <TableHead>{MEMBERS_WORDS.status}</TableHead>
        <TableHead>{MEMBERS_WORDS.since}</TableHead>
        <TableHead>{MEMBERS_WORDS.renewsOrEnds}</TableHead>
        <TableHead className="text-right">{MEMBERS_WORDS.failedPayments}</TableHead>
        <TableHead>{MEMBERS_WORDS.washesLeft}</TableHead>
        <TableHead className="text-right">{MEMBERS_WORDS.actions}</TableHead>
      </TableRow>
    </TableHeader>
    <TableBody>
      {members.map((member) => (
        <MemberRow key={member._id} member={member} />
      ))}
    </TableBody>
  </Table>
);

const MemberCard = ({ member }: { member: Member }) => {
  const { since, period } = useMemberDays(member);
  const facts: [string, string][] = [
    [MEMBERS_WORDS.since, since],
    [MEMBERS_WORDS.renewsOrEnds, period],
    [MEMBERS_WORDS.failedPayments, String(member.failedPayments)],
    [MEMBERS_WORDS.washesLeft, washesLeftOf(member)],
  ];
  const name = memberName(member);
  return (
    <li aria-label={name} className="space-y-3 rounded-xl border bg-card p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <div className="break-words font-medium">{name}</div>
          <div className="break-all text-muted-foreground text-xs">{member.customer.email}</div>
        </div>
        <MemberStatus member={member} />
      </div>
      <div className="text-sm">
        <MemberPlan member={member} />
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">{MEMBERS_WORDS.cars}</dt>
        <dd className="min-w-0">
          <MemberCars member={member} />
        </dd>
        {facts.map(([term, value]) => (
          <Fragment key={term}>
            <dt className="text-muted-foreground">{term}</dt>
            <dd className="min-w-0 break-words">{value}</dd>
          </Fragment>
        ))}
      </dl>
      {isLive(member) ? <EndMembershipDialog member={member} /> : null}
    </li>
  );
};

/** The members on a phone: one card each, nothing wider than the screen. */
export const MemberCards = ({ members }: MembersProps) => (
  <ul aria-label={MEMBERS_WORDS.title} className="space-y-3">
    {members.map((member) => (
      <MemberCard key={member._id} member={member} />
    ))}
  </ul>
);

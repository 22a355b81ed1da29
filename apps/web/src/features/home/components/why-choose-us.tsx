import { AwardIcon, CarIcon, type LucideIcon, TruckIcon, UsersIcon, WalletIcon } from 'lucide-react';

type Reason = { title: string; text: string; Icon: LucideIcon };

/** SPEC section 2: the five reasons, in this order. */
const REASONS: Reason[] = [
  {
    title: 'Expertise and experience',
    text: 'Years of detailing every kind of car, from daily drivers to classics.',
    Icon: AwardIcon,
  },
  { title: 'Skilled technicians', text: 'Trained hands that treat paint, glass and trim with care.', Icon: UsersIcon },
  { title: 'Financing available', text: 'Spread the cost of larger treatments over time.', Icon: WalletIcon },
  {
    title: 'Vacuum and hand car wash',
    text: 'A thorough interior vacuum and a gentle hand wash outside.',
    Icon: CarIcon,
  },
  { title: 'Free pick up and drop', text: 'We collect your car and bring it back clean.', Icon: TruckIcon },
];

export const WhyChooseUs = () => (
  <section aria-labelledby="why-choose-us-heading" className="bg-muted/40 py-16">
    <div className="mx-auto max-w-7xl space-y-10 px-4 sm:px-6">
      <h2 id="why-choose-us-heading" className="text-center font-bold text-3xl tracking-tight sm:text-4xl">
        Why Choose Us
      </h2>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-5">
        {REASONS.map(({ title, text, Icon }) => (
          <li
            key={title}
            className="flex flex-col items-center gap-3 rounded-xl border bg-card p-6 text-center shadow-sm"
          >
            <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
              <Icon className="size-6" aria-hidden="true" />
            </span>
            <h3 className="font-semibold">{title}</h3>
            <p className="text-muted-foreground text-sm">{text}</p>
          </li>
        ))}
      </ul>
    </div>
  </section>
);

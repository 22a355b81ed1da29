import type { WeeklyHours } from '@carcare/contracts/shop-settings';
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { bays, closures, reviews, services, shopSettings, slots } from '../db/schema';
import { businessDate } from '../lib/business-time';
import { dayTimes } from '../modules/slots/public';
import { createUser } from '../modules/users/public';
import { seedDemoBookings } from './demo-bookings';
import { seedDemoPlans } from './demo-plans';
import { seedDemoPricing } from './demo-pricing';

const DEMO_SERVICES = [
  {
    name: 'Express Exterior Wash',
    description: 'A quick hand wash and dry of the body, wheels and windows for a clean shine in no time.',
    durationMinutes: 30,
    price: 25,
  },
  {
    name: 'Interior Vacuum & Wipe',
    description: 'Thorough vacuum of seats, carpets and boot with a wipe-down of dashboard, doors and console.',
    durationMinutes: 45,
    price: 35,
  },
  {
    name: 'Wash & Vacuum Combo',
    description: 'Our exterior hand wash together with a full interior vacuum: the everyday favourite.',
    durationMinutes: 60,
    price: 45,
  },
  {
    name: 'Wheel & Tyre Detail',
    description: 'Deep clean of rims, arches and tyres, iron-fallout removal and a long-lasting tyre dressing.',
    durationMinutes: 60,
    price: 60,
  },
  {
    name: 'Premium Hand Wash & Wax',
    description: 'Two-bucket hand wash, clay bar decontamination and a carnauba wax for a deep, protective gloss.',
    durationMinutes: 90,
    price: 75,
  },
  {
    name: 'Engine Bay Cleaning',
    description: 'Safe degreasing and steam cleaning of the engine bay, finished with a protective dressing.',
    durationMinutes: 60,
    price: 89,
  },
  {
    name: 'Leather Care Treatment',
    description: 'Gentle cleaning and conditioning of every leather surface to keep it soft and crack-free.',
    durationMinutes: 90,
    price: 99,
  },
  {
    name: 'Full Interior Detail',
    description: 'Shampoo of seats and carpets, steam cleaning, odour removal and glass polished inside.',
    durationMinutes: 180,
    price: 149,
  },
  {
    name: 'Paint Correction Polish',
    description: 'Machine polishing that removes swirls and light scratches and restores clarity to the paint.',
    durationMinutes: 240,
    price: 199,
  },
  {
    name: 'Ceramic Coating Package',
    description: 'Full decontamination, one-step polish and a ceramic coating that protects the paint for years.',
    durationMinutes: 240,
    price: 349,
  },
];

/** Regular customers: they write the reviews and fill the booking history. */
const DEMO_REGULARS = [
  { firstName: 'Amelia', lastName: 'Brooks', phone: '+8801711000101' },
  { firstName: 'Rafiq', lastName: 'Hasan', phone: '+8801811000202' },
  { firstName: 'Sofia', lastName: 'Martins', phone: '+8801911000303' },
  { firstName: 'Daniel', lastName: 'Okafor', phone: '+8801511000404' },
  { firstName: 'Nusrat', lastName: 'Jahan', phone: '+8801611000505' },
  { firstName: 'Lukas', lastName: 'Weber', phone: '+8801311000606' },
];

const DEMO_REVIEWS: Array<{ rating: number; comment: string }> = [
  { rating: 5, comment: 'Spotless finish and friendly staff. My car looks brand new again!' },
  { rating: 4, comment: 'Great interior clean, they even got the coffee stain out of the seat.' },
  { rating: 5, comment: 'Booking online took a minute and they were ready the moment I arrived.' },
  { rating: 3, comment: 'Good wash overall, but I had to wait ten minutes past my slot time.' },
  { rating: 5, comment: 'The ceramic coating is worth every cent: rain just rolls off now.' },
  { rating: 4, comment: 'Wheels have never been this clean. Will come back for the full detail.' },
  { rating: 5, comment: 'Paint correction removed years of swirl marks. Incredible work.' },
  { rating: 4, comment: 'Quick express wash on my lunch break, exactly what I needed today.' },
  { rating: 5, comment: 'They treated my old leather seats with real care. Highly recommended.' },
  { rating: 2, comment: 'The wash was fine but a few spots on the rear window were missed.' },
  { rating: 5, comment: 'Free pick up and drop made my week so much easier. Thank you!' },
  { rating: 4, comment: 'Engine bay looks factory fresh, and they explained everything they did.' },
  { rating: 5, comment: 'Best car care in town, fair prices and always on time with my slot.' },
  { rating: 4, comment: 'Friendly team and a very thorough vacuum, the kids mess is all gone.' },
];

/** How the shop's days ran before it set its hours: the history's slots were laid out by hand, 09:00 to 17:00. */
const OPENING_HOURS = { startTime: '09:00', endTime: '17:00' };

const WORKDAY = [{ start: '08:00', end: '18:00' }];
/** The demo shop's week: Monday to Saturday 08:00–18:00, closed on Sunday. */
export const DEMO_WEEK: WeeklyHours = {
  monday: WORKDAY,
  tuesday: WORKDAY,
  wednesday: WORKDAY,
  thursday: WORKDAY,
  friday: WORKDAY,
  saturday: WORKDAY,
  sunday: [],
};

/** The bays of the demo shop: Bay 1 comes with every database, the demo adds two more. */
const DEMO_BAYS = ['Bay 2', 'Bay 3'];

/** The holiday the demo shop closes for: the coming Christmas and Boxing Day. */
export function demoClosure(timeZone: string, now: Date) {
  const today = businessDate(timeZone, now);
  const year = Number(today.slice(0, 4));
  const boxingDay = `${year}-12-26`;
  const inYear = today <= boxingDay ? year : year + 1;
  return { startDate: `${inYear}-12-25`, endDate: `${inYear}-12-26`, reason: 'Christmas' };
}

/** The days ahead whose times the demo stores with its bookings; the rest are made as customers look. */
const SLOT_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

export const DEMO_CUSTOMER = {
  firstName: 'Demo',
  lastName: 'Customer',
  email: 'customer@carcare.local',
  address: '12 Lake Road, Dhaka',
  phone: '+8801712345678',
};

type DemoShopOptions = {
  timeZone: string;
  currency: string;
  holdMinutes: number;
  now: Date;
  /** Hashes of the demo customer's password and of one nobody knows, for the regulars. */
  customerPasswordHash: string;
  regularPasswordHash: string;
};

/**
 * A shop that looks alive on its first start: the demo customer and a few regulars, the service
 * catalogue and its wash club, two weeks of slots, a month of bookings behind and some ahead (the demo customer's among
 * them), and reviews, marked verified where their author had paid for a booking before writing.
 */
export async function seedDemoShop(tx: Executor, options: DemoShopOptions): Promise<void> {
  const { timeZone, now } = options;
  const customer = await createUser(tx, { ...DEMO_CUSTOMER, passwordHash: options.customerPasswordHash });
  if (!customer) throw new Error(`demo customer ${DEMO_CUSTOMER.email} already exists`);
  const regularIds: string[] = [];
  for (const regular of DEMO_REGULARS) {
    const email = `${regular.firstName}.${regular.lastName}@example.com`.toLowerCase();
    const user = await createUser(tx, { ...regular, email, passwordHash: options.regularPasswordHash });
    if (!user) throw new Error(`demo customer ${email} already exists`);
    regularIds.push(user.id);
  }

  const catalogue = await tx
    .insert(services)
    .values(
      DEMO_SERVICES.map(({ price, ...service }, index) => ({
        ...service,
        priceCents: price * 100,
        createdAt: new Date(now.getTime() - (DEMO_SERVICES.length + 60 - index) * DAY_MS),
      })),
    )
    .returning();

  // The shop's week, a holiday and three bays: its times ahead come from its hours (decision 035).
  const [settings] = await tx
    .update(shopSettings)
    .set({ hours: DEMO_WEEK })
    .where(eq(shopSettings.id, 1))
    .returning({ slotStepMinutes: shopSettings.slotStepMinutes });
  if (!settings) throw new Error('the shop has no settings row to give its hours');
  const holiday = demoClosure(timeZone, now);
  await tx.insert(closures).values(holiday);
  await tx.insert(bays).values(DEMO_BAYS.map((name, index) => ({ name, sortOrder: index + 2 })));

  // The times of the coming days that the demo's bookings take, stored as the hours make them.
  const days = Array.from({ length: SLOT_DAYS }, (_, day) => businessDate(timeZone, now, day));
  const slotRows = days.flatMap((date) =>
    catalogue.flatMap((service) =>
      dayTimes({
        date,
        timeZone,
        hours: DEMO_WEEK,
        serviceHours: null,
        closures: [holiday],
        stepMinutes: settings.slotStepMinutes,
        durationMinutes: service.durationMinutes,
        bufferMinutes: service.bufferMinutes,
      })
        .filter((time) => time.startsAt > now)
        .map((time) => ({ ...time, serviceId: service.id, origin: 'generated' as const })),
    ),
  );
  const openSlots = slotRows.length > 0 ? await tx.insert(slots).values(slotRows).returning() : [];

  const [bay] = await tx.select({ id: bays.id }).from(bays).orderBy(asc(bays.sortOrder)).limit(1);
  if (!bay) throw new Error('the shop has no bay to book');
  // Prices by the car: four classes, six add-ons, and the demo customer's SUV and saloon.
  const pricing = await seedDemoPricing(tx, catalogue, customer.id);
  // The wash club: two memberships and a pack of the everyday washes.
  await seedDemoPlans(tx, catalogue);
  const paid = await seedDemoBookings(tx, {
    pricing,
    bayId: bay.id,
    customers: [customer.id, ...regularIds],
    catalogue,
    openSlots,
    opening: OPENING_HOURS,
    timeZone,
    currency: options.currency,
    holdMinutes: options.holdMinutes,
    now,
  });

  await tx.insert(reviews).values(
    DEMO_REVIEWS.map((review, index) => {
      const userId = regularIds[index % regularIds.length] as string;
      const createdAt = new Date(now.getTime() - (DEMO_REVIEWS.length - index) * DAY_MS);
      const verified = paid.some((booking) => booking.customerId === userId && booking.createdAt < createdAt);
      return { ...review, userId, createdAt, verified };
    }),
  );
}

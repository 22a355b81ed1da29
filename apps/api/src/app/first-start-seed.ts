import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { reviews, services, slots } from '../db/schema';
import { hashPassword } from '../modules/auth/auth.service';
import { businessDate } from '../modules/slots/slot-time';
import { splitIntoSlots } from '../modules/slots/slots.service';
import { countUsers, createUser } from '../modules/users/users.service';

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

const DEMO_REVIEWERS = [
  { firstName: 'Amelia', lastName: 'Brooks' },
  { firstName: 'Rafiq', lastName: 'Hasan' },
  { firstName: 'Sofia', lastName: 'Martins' },
  { firstName: 'Daniel', lastName: 'Okafor' },
  { firstName: 'Nusrat', lastName: 'Jahan' },
  { firstName: 'Lukas', lastName: 'Weber' },
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

const OPENING_TIME = '09:00';
const CLOSING_TIME = '17:00';
const SLOT_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;
const SEED_LOCK_KEY = 7_204_311;

const generatedPassword = () => randomBytes(9).toString('base64url');

type Credentials = { role: string; email: string; password: string };

/**
 * Fills an empty database: the first administrator always, and when demo data is on a demo customer,
 * the service catalogue, two weeks of slots and customer reviews. A database that has users is left alone.
 */
export async function seedOnFirstStart(db: Database, config: Config, log: FastifyBaseLogger): Promise<boolean> {
  const credentials: Credentials[] = [];

  const seeded = await db.transaction(async (tx) => {
    // Several instances may start together on one PostgreSQL: only the first seeds.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if ((await countUsers(tx)) > 0) return false;
    const admin = {
      role: 'admin',
      email: (config.admin.email ?? 'admin@carcare.local').toLowerCase(),
      password: config.admin.password ?? generatedPassword(),
    };
    await createUser(tx, {
      firstName: 'Site',
      lastName: 'Admin',
      email: admin.email,
      passwordHash: await hashPassword(admin.password),
      role: 'admin',
    });
    credentials.push({ ...admin, password: config.admin.password ? '(the ADMIN_PASSWORD you set)' : admin.password });
    if (!config.seedDemoData) return true;

    const customer = { role: 'customer', email: 'customer@carcare.local', password: generatedPassword() };
    await createUser(tx, {
      firstName: 'Demo',
      lastName: 'Customer',
      email: customer.email,
      passwordHash: await hashPassword(customer.password),
      address: '12 Lake Road, Dhaka',
      phone: '+8801712345678',
    });
    credentials.push(customer);

    // Reviewers sign in with a password nobody knows; they exist so that reviews have authors.
    const reviewerHash = await hashPassword(generatedPassword());
    const reviewerIds: string[] = [];
    for (const reviewer of DEMO_REVIEWERS) {
      const email = `${reviewer.firstName}.${reviewer.lastName}@example.com`.toLowerCase();
      const user = await createUser(tx, { ...reviewer, email, passwordHash: reviewerHash });
      if (!user) throw new Error(`demo reviewer ${email} already exists`);
      reviewerIds.push(user.id);
    }

    const now = Date.now();
    const createdServices = await tx
      .insert(services)
      .values(
        DEMO_SERVICES.map(({ price, ...service }, index) => ({
          ...service,
          priceCents: price * 100,
          createdAt: new Date(now - (DEMO_SERVICES.length - index) * 60_000),
        })),
      )
      .returning();

    const { timeZone } = config.business;
    const slotRows = Array.from({ length: SLOT_DAYS }, (_, day) => businessDate(timeZone, new Date(now), day)).flatMap(
      (date) =>
        createdServices.flatMap((service) =>
          splitIntoSlots(
            {
              serviceId: service.id,
              durationMinutes: service.durationMinutes,
              date,
              startTime: OPENING_TIME,
              endTime: CLOSING_TIME,
            },
            timeZone,
            new Date(now),
          ),
        ),
    );
    if (slotRows.length > 0) await tx.insert(slots).values(slotRows);

    await tx.insert(reviews).values(
      DEMO_REVIEWS.map((review, index) => ({
        ...review,
        userId: reviewerIds[index % reviewerIds.length] as string,
        createdAt: new Date(now - (DEMO_REVIEWS.length - index) * DAY_MS),
      })),
    );
    return true;
  });
  if (!seeded) return false;

  const lines = credentials.map((c) => `  ${c.role.padEnd(8)} ${c.email}  password: ${c.password}`);
  const file = path.join(config.dataDir, 'secrets', 'demo-credentials.txt');
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(file, `${lines.join('\n')}\n`, { mode: 0o600 });
  if (config.env === 'production') {
    // Logs travel further than the secrets folder: a production log never carries a password.
    const accounts = credentials.map((c) => `${c.role} ${c.email}`).join(', ');
    log.info(`First start: created ${accounts}; their passwords are in ${file}`);
  } else {
    log.info(`First start: created these accounts (also kept in ${file}):\n${lines.join('\n')}`);
  }
  return true;
}

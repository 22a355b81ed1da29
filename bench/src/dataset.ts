import { count, lt, sql } from 'drizzle-orm';
import type { Database } from '../../apps/api/src/db/client';
import { slots } from '../../apps/api/src/db/schema';

export type DatasetName = 'realistic' | 'large';

type DatasetShape = {
  services: number;
  /** The shop's bays: past bookings stay confirmed while a bay of their hour is free, the rest are cancelled. */
  bays: number;
  /** Days of slots, half before today and half from today on. */
  days: number;
  slotsPerDay: number;
  customers: number;
  bookings: number;
  reviews: number;
};

export const DATASETS: Record<DatasetName, DatasetShape> = {
  realistic: { services: 50, bays: 3, days: 60, slotsPerDay: 8, customers: 500, bookings: 5_000, reviews: 2_000 },
  large: { services: 50, bays: 3, days: 1_250, slotsPerDay: 8, customers: 10_000, bookings: 1_000_000, reviews: 2_000 },
};

export const BENCH_ADMIN = { email: 'bench.admin@example.com', password: 'bench-admin-password' };
export const BENCH_CUSTOMER_PASSWORD = 'bench-customer-password';
export const benchCustomerEmail = (n: number) => `bench.customer${n}@example.com`;

/**
 * Fills an empty, migrated database in a few set-based statements (no row-by-row inserts): customers,
 * services, the shop's bays, slots around today, bookings on past slots and reviews. Every account shares
 * one precomputed password hash. All services' slots run on the hour, so at most `bays` bookings of one
 * hour can be live: those are confirmed, each on a bay of its own (the exclusion constraint of decision
 * 018 holds), and every further booking is cancelled. Slot availability is derived from the bookings.
 */
export async function generateDataset(
  db: Database,
  name: DatasetName,
  hashes: { admin: string; customer: string },
): Promise<DatasetShape & { slots: number }> {
  const shape = DATASETS[name];
  const half = Math.floor(shape.days / 2);
  await db.execute(sql`
    insert into users (first_name, last_name, email, password_hash, role, phone)
    values ('Bench', 'Admin', ${BENCH_ADMIN.email}, ${hashes.admin}, 'admin', null)`);
  await db.execute(sql`
    insert into users (first_name, last_name, email, password_hash, role, phone, created_at)
    select 'Customer', 'Number ' || g, 'bench.customer' || g || '@example.com', ${hashes.customer}, 'user',
           '+88017' || lpad(g::text, 8, '0'), now() - g * interval '1 minute'
    from generate_series(1, ${shape.customers}) g`);
  await db.execute(sql`
    insert into services (name, description, duration_minutes, price_cents, created_at)
    select (array['Express', 'Premium', 'Deluxe', 'Ceramic', 'Interior'])[1 + g % 5] || ' Care ' || g,
           'A thorough bench service number ' || g || ' with hand finishing and a quality check.',
           60, 2000 + (g * 733) % 30000, now() - g * interval '1 hour'
    from generate_series(1, ${shape.services}) g`);
  // Migration 0007 made Bay 1.
  await db.execute(sql`
    insert into bays (name, sort_order)
    select 'Bay ' || g, g from generate_series(2, ${shape.bays}) g`);
  // Prices by the car: four classes (the second the default), the bigger two with prices and durations of
  // their own for every service, and three add-ons offered with every service, one priced for the SUV.
  await db.execute(sql`
    insert into vehicle_classes (name, sort_order, is_default)
    values ('Small car', 1, false), ('Sedan', 2, true), ('SUV', 3, false), ('Pickup or van', 4, false)`);
  await db.execute(sql`
    insert into service_class_prices (service_id, vehicle_class_id, price_cents, duration_minutes)
    select s.id, c.id, s.price_cents * (case c.name when 'SUV' then 12 else 14 end) / 10,
           s.duration_minutes + (case c.name when 'SUV' then 15 else 30 end)
    from services s cross join vehicle_classes c where c.name in ('SUV', 'Pickup or van')`);
  await db.execute(sql`
    insert into add_ons (name, description, price_cents, extra_minutes, sort_order)
    values ('Pet hair removal', 'Every hair lifted', 2500, 20, 1), ('Engine bay', 'Degreased', 3000, 25, 2),
           ('Headlight restoration', 'Clear again', 4500, 30, 3)`);
  await db.execute(
    sql`insert into add_on_services (add_on_id, service_id) select a.id, s.id from add_ons a cross join services s`,
  );
  await db.execute(sql`
    insert into add_on_class_prices (add_on_id, vehicle_class_id, price_cents, extra_minutes)
    select a.id, c.id, 3500, 30 from add_ons a, vehicle_classes c where a.name = 'Pet hair removal' and c.name = 'SUV'`);
  await db.execute(sql`
    insert into slots (service_id, date, start_time, end_time, starts_at, ends_at, created_at)
    select s.id, d::date, lpad(h::text, 2, '0') || ':00', lpad((h + 1)::text, 2, '0') || ':00',
           d + make_interval(hours => h), d + make_interval(hours => h + 1), d - interval '30 days'
    from services s,
         generate_series(current_date - ${half}::int, current_date + ${shape.days - half - 1}::int, interval '1 day') d,
         generate_series(9, ${8 + shape.slotsPerDay}) h`);
  // Bookings go on past slots: numbered once, each booking then finds its slot, bay and customer by number
  // through a hash join instead of a window function per row. Slots are numbered by their rank within
  // their hour first: the first `bays` × hours of them are each hour's first slots, one per bay.
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      create temporary table bench_past_slots on commit drop as
      select row_number() over (order by hour_rank, starts_at, id) as n, id, service_id, starts_at, ends_at, hour_rank
      from (select id, service_id, starts_at, ends_at,
                   row_number() over (partition by starts_at order by id) as hour_rank
            from slots where starts_at < now()) ranked`);
    await tx.execute(sql`
      create temporary table bench_customers on commit drop as
      select row_number() over (order by id) as n, id from users where role = 'user'`);
    await tx.execute(sql`
      create temporary table bench_bays on commit drop as
      select sort_order as n, id from bays`);
    await tx.execute(sql`analyze bench_past_slots`);
    await tx.execute(sql`analyze bench_customers`);
    const [counted] = await tx.select({ total: count() }).from(slots).where(lt(slots.startsAt, sql`now()`));
    const past = counted?.total ?? 0;
    const [fitting] = await tx
      .select({ total: count() })
      .from(sql`bench_past_slots`)
      .where(sql`hour_rank <= ${shape.bays}`);
    const live = fitting?.total ?? 0;
    // Positions are given here in creation order; the per-row numbering trigger is for live bookings. Each
    // booking gets its one line below, in bulk: the per-row checks at commit (prices match lines, a free booking
    // is a member's wash) are for live writes, and a table cannot be altered while their events are pending.
    await tx.execute(sql`alter table bookings disable trigger bookings_position`);
    await tx.execute(sql`alter table bookings disable trigger bookings_total`);
    await tx.execute(sql`alter table bookings disable trigger bookings_free_is_covered`);
    await tx.execute(sql`alter table booking_lines disable trigger booking_lines_total`);
    await tx.execute(sql`
      insert into bookings (customer_id, service_id, slot_id, bay_id, occupied_from, occupied_until, price_cents, status,
                            payment, created_at, position)
      select c.id, p.service_id, p.id, b.id, p.starts_at, p.ends_at, sv.price_cents,
             (case when g <= ${live} then 'confirm' else 'cancel' end)::booking_status,
             (case when g <= ${live} then 'paid' else 'failed' end)::payment_state,
             now() - g * interval '1 second', ${shape.bookings} - g + 1
      from generate_series(1, ${shape.bookings}) g
      join bench_past_slots p on p.n = ((g - 1) % ${past}) + 1
      join bench_bays b on b.n = ((p.hour_rank - 1) % ${shape.bays}) + 1
      join services sv on sv.id = p.service_id
      join bench_customers c on c.n = ((g - 1) % ${shape.customers}) + 1`);
    await tx.execute(sql`
      insert into booking_lines (booking_id, position, kind, name, price_cents, minutes)
      select b.id, 0, 'service', sv.name, b.price_cents,
             greatest(1, round(extract(epoch from (b.occupied_until - b.occupied_from)) / 60))::int
      from bookings b join services sv on sv.id = b.service_id`);
    await tx.execute(sql`alter table booking_lines enable trigger booking_lines_total`);
    await tx.execute(sql`alter table bookings enable trigger bookings_free_is_covered`);
    await tx.execute(sql`alter table bookings enable trigger bookings_total`);
    await tx.execute(sql`alter table bookings enable trigger bookings_position`);
    await tx.execute(sql`update booking_totals set total = ${shape.bookings} where id = 1`);
  });
  await db.execute(sql`
    with customers as (select id, row_number() over (order by id) as n from users where role = 'user')
    insert into reviews (user_id, rating, comment, created_at)
    select c.id, 1 + (g * 7) % 5, 'Bench review number ' || g || ': a clean car and friendly staff.',
           now() - g * interval '10 minutes'
    from generate_series(1, ${shape.reviews}) g
    join customers c on c.n = ((g - 1) % ${shape.customers}) + 1`);
  // Settle the bulk load now, so that autovacuum does not compete with the measurements.
  await db.execute(sql`vacuum analyze`);
  return { ...shape, slots: shape.services * shape.days * shape.slotsPerDay };
}

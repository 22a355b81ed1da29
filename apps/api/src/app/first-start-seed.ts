import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { lockUntilCommit } from '../db/advisory-locks';
import type { Database } from '../db/client';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../lib/private-files';
import { hashPassword } from '../modules/auth/public';
import { readShopState, seedShopSettings } from '../modules/shop/public';
import { countUsers, createUser } from '../modules/users/public';
import { DEMO_CUSTOMER, seedDemoShop } from './demo-shop';

const DEFAULT_ADMIN_EMAIL = 'admin@carcare.local';

/** The demo shop's counter: staff run the day board and Booking Management, not the shop's setup. */
export const DEMO_STAFF = { firstName: 'Sam', lastName: 'Counter', email: 'staff@carcare.local' };

const generatedPassword = () => randomBytes(9).toString('base64url');

type Credentials = { role: string; email: string; password: string };

/**
 * Fills an empty database: the first administrator always, and when demo data is on, a demo shop with
 * its customer. A database that has users is left alone, so running it again adds nothing. Answers what to
 * tell the operator about the accounts it created (the caller says it once the server is ready, where it is
 * seen), or undefined when it created none.
 */
export async function seedOnFirstStart(db: Database, config: Config): Promise<string | undefined> {
  const credentials: Credentials[] = [];

  const seeded = await db.transaction(async (tx) => {
    // Several instances may start together on one PostgreSQL: only the first seeds.
    await lockUntilCommit(tx, 'firstStart', 'seed');
    if ((await countUsers(tx)) > 0) return false;
    const admin = {
      role: 'admin',
      email: (config.admin.email ?? DEFAULT_ADMIN_EMAIL).toLowerCase(),
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

    const customer = { role: 'customer', email: DEMO_CUSTOMER.email, password: generatedPassword() };
    const staff = { role: 'staff', email: DEMO_STAFF.email, password: generatedPassword() };
    // The shop as its settings row has it (seeded from the environment when the app was built, or here).
    await seedShopSettings(tx, config);
    const { settings } = await readShopState(tx);
    await seedDemoShop(tx, {
      timeZone: settings.timeZone,
      currency: settings.currency,
      holdMinutes: settings.paymentHoldMinutes,
      now: new Date(),
      customerPasswordHash: await hashPassword(customer.password),
      // The regulars sign in with a password nobody knows; they exist so that reviews and bookings have people.
      regularPasswordHash: await hashPassword(generatedPassword()),
    });
    await createUser(tx, { ...DEMO_STAFF, passwordHash: await hashPassword(staff.password), role: 'staff' });
    credentials.push(staff, customer);
    return true;
  });
  if (!seeded) return undefined;

  const lines = credentials.map((c) => `  ${c.role.padEnd(8)} ${c.email}  password: ${c.password}`);
  const file = path.join(config.dataDir, 'secrets', 'demo-credentials.txt');
  mkdirSync(path.dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE });
  writeFileSync(file, `${lines.join('\n')}\n`, { mode: PRIVATE_FILE_MODE });
  if (config.env === 'production') {
    // Logs travel further than the secrets folder: a production log never carries a password.
    const accounts = credentials.map((c) => `${c.role} ${c.email}`).join(', ');
    return `First start: created ${accounts}; their passwords are in ${file}`;
  }
  return `First start: sign in with these accounts (also kept in ${file}):\n${lines.join('\n')}`;
}

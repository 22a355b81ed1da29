import { canonicalPolicy, type PaymentPolicy } from '@carcare/contracts/payment-policy-constants';
import {
  inWeekdayOrder,
  type SettingChange,
  type ShopSettings,
  type UpdateSettingsInput,
  type WeeklyHours,
} from '@carcare/contracts/shop-settings';
import { SETTING_LABELS, SETTINGS_MESSAGES, type SettingName } from '@carcare/contracts/shop-settings-constants';
import { count, desc, eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { policyVersions, settingChanges, shopSettings, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { anyPaymentInCurrency, countLiveBookingsAhead } from '../bookings/public';
import type { ShopSettingsRow } from './settings-store';

export function toShopSettingsDto(row: ShopSettingsRow): ShopSettings {
  return {
    businessName: row.businessName,
    address: row.address,
    phone: row.phone,
    email: row.email,
    timeZone: row.timeZone,
    currency: row.currency,
    cancellationCutoffHours: row.cancellationCutoffHours,
    paymentHoldMinutes: row.paymentHoldMinutes,
    reminderHoursBefore: row.reminderHoursBefore,
    bookingHorizonDays: row.bookingHorizonDays,
    minimumNoticeMinutes: row.minimumNoticeMinutes,
    slotStepMinutes: row.slotStepMinutes,
    hours: inWeekdayOrder(row.hours),
    paymentPolicy: canonicalPolicy(row.paymentPolicy),
    policyVersion: row.policyVersion,
    updatedAt: row.updatedAt.toISOString(),
  };
}

type SettingKey = keyof UpdateSettingsInput;

/** The settings in the order the Settings screen lists them: the audit rows of one save follow it. */
const SETTING_ORDER = (Object.keys(SETTING_LABELS) as SettingName[]).filter(
  (name): name is SettingKey => name !== 'closure',
);

/** A setting's value as the audit trail keeps it: the hours in weekday order, the rest as they are. */
const auditValue = (key: SettingKey, value: unknown) => {
  if (key === 'hours') return inWeekdayOrder(value as WeeklyHours);
  if (key === 'paymentPolicy') return canonicalPolicy(value as PaymentPolicy);
  return value;
};

/** Whether two values of a setting say the same (the hours compared day by day, range by range). */
const sameValue = (key: SettingKey, before: unknown, after: unknown) =>
  JSON.stringify(auditValue(key, before)) === JSON.stringify(auditValue(key, after));

/** A change refused (409) as a field error of the setting, so that a form shows it under that field. */
const refusedSetting = (setting: SettingKey, message: string) =>
  new AppError(409, message, [{ path: setting, message }]);

export type SettingsUpdate = { settings: ShopSettingsRow; changed: SettingName[] };

/**
 * Saves the settings given that differ from the stored ones, each with an audit row naming `changedBy`, in
 * one transaction holding the settings row (`for update`): two administrators' saves take turns, and the
 * checks below see what the other one saved. A booking is made while holding the same row `for share`
 * (the database's `reserve_booking`), so no live booking can slip in between counting them and
 * changing the time zone, nor a checkout open in the old currency. Refused with 409 when the time zone would
 * move live bookings ahead, or the currency would relabel payments already taken.
 */
export async function updateSettings(
  db: Database,
  input: UpdateSettingsInput,
  changedBy: string,
  now: Date = new Date(),
): Promise<SettingsUpdate> {
  return db.transaction(async (tx) => {
    const [stored] = await tx.select().from(shopSettings).where(eq(shopSettings.id, 1)).for('update');
    if (!stored) throw new Error('the shop has no settings row');
    const changes = SETTING_ORDER.filter((key) => input[key] !== undefined && !sameValue(key, stored[key], input[key]));
    if (changes.length === 0) return { settings: stored, changed: [] };

    if (changes.includes('timeZone')) {
      const ahead = await countLiveBookingsAhead(tx, now);
      if (ahead > 0) throw refusedSetting('timeZone', SETTINGS_MESSAGES.timeZoneLocked(ahead));
    }
    if (changes.includes('currency') && (await anyPaymentInCurrency(tx))) {
      throw refusedSetting('currency', SETTINGS_MESSAGES.currencyLocked);
    }

    const values = Object.fromEntries(changes.map((key) => [key, auditValue(key, input[key])]));
    // The terms customers accept are the policy and the cut-off: a change of either is a new version of them.
    const termsChanged = changes.includes('paymentPolicy') || changes.includes('cancellationCutoffHours');
    const policyVersion = termsChanged ? stored.policyVersion + 1 : stored.policyVersion;
    const [saved] = await tx
      .update(shopSettings)
      .set({ ...values, policyVersion, updatedAt: now })
      .where(eq(shopSettings.id, 1))
      .returning();
    if (!saved) throw new Error('the shop settings row vanished while being saved');
    if (termsChanged) {
      await tx.insert(policyVersions).values({
        version: saved.policyVersion,
        policy: saved.paymentPolicy,
        cancellationCutoffHours: saved.cancellationCutoffHours,
        createdAt: now,
      });
    }
    await tx.insert(settingChanges).values(
      changes.map((key) => ({
        setting: key,
        before: auditValue(key, stored[key]),
        after: auditValue(key, saved[key]),
        changedBy,
        changedAt: now,
      })),
    );
    return { settings: saved, changed: changes };
  });
}

/** Writes one row of the audit trail (a closure added or removed) in the caller's transaction. */
export async function recordChange(
  db: Executor,
  change: { setting: SettingName; before: unknown; after: unknown; changedBy: string; changedAt?: Date },
) {
  await db.insert(settingChanges).values({
    setting: change.setting,
    before: change.before ?? null,
    after: change.after ?? null,
    changedBy: change.changedBy,
    changedAt: change.changedAt ?? new Date(),
  });
}

/** One page of the audit trail, newest first, each change with who made it (null once that account is gone). */
export async function listSettingChanges(
  db: Executor,
  query: { page: number; limit: number },
): Promise<{ changes: SettingChange[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: settingChanges.id,
        setting: settingChanges.setting,
        before: settingChanges.before,
        after: settingChanges.after,
        changedAt: settingChanges.changedAt,
        userId: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
      })
      .from(settingChanges)
      .leftJoin(users, eq(users.id, settingChanges.changedBy))
      .orderBy(desc(settingChanges.changedAt), desc(settingChanges.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ value: count() }).from(settingChanges),
  ]);
  return {
    changes: rows.map((row) => ({
      _id: String(row.id),
      setting: row.setting,
      before: row.before,
      after: row.after,
      changedAt: row.changedAt.toISOString(),
      changedBy:
        row.userId === null
          ? null
          : { _id: row.userId, name: `${row.firstName} ${row.lastName}`, email: row.email ?? '' },
    })),
    total: total?.value ?? 0,
  };
}

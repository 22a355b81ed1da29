import { OVERVIEW_PRESETS } from '@carcare/contracts/reports-constants';
import { isCalendarDay, shiftDay } from './business-days';

export type OverviewPreset = (typeof OVERVIEW_PRESETS)[number];

export type OverviewPresetKey = OverviewPreset['key'];

/** The range the overview shows: a preset counted back from today, or a custom from/to (preset null). */
export type OverviewRange = { preset: OverviewPresetKey | null; from: string; to: string };

/** What a plain /dashboard/admin/overview shows, as the API does without a range. */
const DEFAULT_PRESET: OverviewPresetKey = '30d';

const presetByKey = (key: string | null) => OVERVIEW_PRESETS.find((preset) => preset.key === key);

/** A preset's days, ending today (both counted). */
export const presetRange = (key: OverviewPresetKey, today: string): OverviewRange => {
  const days = presetByKey(key)?.days ?? 1;
  return { preset: key, from: shiftDay(today, 1 - days), to: today };
};

/**
 * The range in the URL: `?from=…&to=…` is a custom range, `?range=7d` a preset that moves with the days, and
 * anything else the default preset. A custom range is sent as written; the API names what is wrong with it.
 */
export const readOverviewRange = (params: URLSearchParams, today: string): OverviewRange => {
  const from = params.get('from');
  const to = params.get('to');
  if (isCalendarDay(from) && isCalendarDay(to)) return { preset: null, from, to };
  return presetRange(presetByKey(params.get('range'))?.key ?? DEFAULT_PRESET, today);
};

export const presetParams = (key: OverviewPresetKey) => new URLSearchParams({ range: key });

export const customParams = (from: string, to: string) => new URLSearchParams({ from, to });

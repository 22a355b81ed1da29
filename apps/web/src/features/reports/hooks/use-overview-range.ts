import { useSearchParams } from 'react-router';
import { customParams, type OverviewPresetKey, presetParams, readOverviewRange } from '../overview-range';
import { useBusinessToday } from './use-business-today';

/** The overview's range lives in the URL, so a report can be bookmarked, shared and reloaded. */
export const useOverviewRange = () => {
  const [searchParams, setSearchParams] = useSearchParams();
  const { today, ready } = useBusinessToday();
  return {
    range: readOverviewRange(searchParams, today),
    /** False until the business's today is known: a preset counts back from it. */
    ready,
    choosePreset: (key: OverviewPresetKey) => setSearchParams(presetParams(key)),
    chooseCustom: (from: string, to: string) => setSearchParams(customParams(from, to)),
  };
};

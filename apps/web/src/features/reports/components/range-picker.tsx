import { OVERVIEW_PRESETS } from '@carcare/contracts/reports-constants';
import { Button } from '@/components/ui/button';
import type { OverviewPresetKey, OverviewRange } from '../overview-range';
import { CustomRangeForm } from './custom-range-form';

type RangePickerProps = {
  range: OverviewRange;
  onPreset: (key: OverviewPresetKey) => void;
  onCustom: (from: string, to: string) => void;
};

/** The presets (days ending today) and a custom range; the chosen preset is pressed. */
export const RangePicker = ({ range, onPreset, onCustom }: RangePickerProps) => (
  <div className="flex flex-wrap items-start justify-between gap-4">
    <fieldset className="flex flex-wrap gap-2 pt-6">
      <legend className="sr-only">Range</legend>
      {OVERVIEW_PRESETS.map((preset) => (
        <Button
          key={preset.key}
          type="button"
          size="sm"
          variant={range.preset === preset.key ? 'default' : 'outline'}
          aria-pressed={range.preset === preset.key}
          onClick={() => onPreset(preset.key)}
        >
          {preset.label}
        </Button>
      ))}
    </fieldset>
    {/* Keyed by the range: choosing a preset shows its days in the inputs. */}
    <CustomRangeForm key={`${range.from}/${range.to}`} from={range.from} to={range.to} onApply={onCustom} />
  </div>
);

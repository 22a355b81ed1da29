import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

type Option = { value: string; label: string };

type OptionSelectProps = {
  id: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly Option[];
  placeholder: string;
};

/** A labelled dropdown of the slot form (the label is tied to the trigger by `id`). */
export const OptionSelect = ({ id, value, onChange, options, placeholder }: OptionSelectProps) => (
  <Select value={value} onValueChange={onChange}>
    <SelectTrigger id={id} className="w-full">
      <SelectValue placeholder={placeholder} />
    </SelectTrigger>
    <SelectContent className="max-h-64 overflow-y-auto">
      {options.map((option) => (
        <SelectItem key={option.value} value={option.value}>
          {option.label}
        </SelectItem>
      ))}
    </SelectContent>
  </Select>
);

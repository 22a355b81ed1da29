import { MonitorIcon, MoonIcon, SunIcon } from 'lucide-react';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { THEMES, type Theme } from '@/lib/theme/theme';
import { useTheme } from '@/lib/theme/use-theme';

const themeLabels: Record<Theme, string> = { light: 'Light', dark: 'Dark', system: 'System' };
const themeIcons: Record<Theme, typeof SunIcon> = { light: SunIcon, dark: MoonIcon, system: MonitorIcon };

const isTheme = (value: string): value is Theme => THEMES.some((theme) => theme === value);

export const ThemeSelect = () => {
  const { theme, setTheme } = useTheme();
  return (
    <Select value={theme} onValueChange={(value) => isTheme(value) && setTheme(value)}>
      <SelectTrigger aria-label="Theme" className="w-32">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {THEMES.map((option) => {
          const Icon = themeIcons[option];
          return (
            <SelectItem key={option} value={option}>
              <Icon aria-hidden="true" />
              {themeLabels[option]}
            </SelectItem>
          );
        })}
      </SelectContent>
    </Select>
  );
};

import { Moon, Sun } from 'lucide-react';
import { useTheme } from '@client/lib/theme';
import { cn } from '@client/lib/utils';
import { SettingsSection } from './settings-section';

const THEMES = [
  { value: 'light', label: 'Light', icon: Sun },
  { value: 'dark', label: 'Dark', icon: Moon },
] as const;

/** The theme, as two buttons, one pressed (the header's toggle flips it). */
export function AppearanceSettings() {
  const { theme, toggleTheme } = useTheme();
  return (
    <SettingsSection id="appearance" title="Appearance">
      <div role="group" aria-label="Theme" className="grid grid-cols-2 gap-3 sm:max-w-sm">
        {THEMES.map(({ value, label, icon: Icon }) => {
          const checked = theme === value;
          return (
            <button
              key={value}
              type="button"
              aria-pressed={checked}
              onClick={() => !checked && toggleTheme()}
              className={cn(
                'flex items-center justify-center gap-2 rounded-2xl border px-4 py-3 text-sm font-medium transition-colors hover:bg-secondary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                checked && 'border-primary bg-accent text-accent-foreground hover:bg-accent',
              )}
            >
              <Icon aria-hidden="true" className="size-4" />
              {label}
            </button>
          );
        })}
      </div>
    </SettingsSection>
  );
}

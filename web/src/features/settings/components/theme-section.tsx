import { themes, type Settings, type Theme } from '@tracker/contracts/settings/http';
import { failureText } from '../../../lib/api/failure-text.ts';
import { useToast } from '../../../components/toasts/use-toast.ts';
import { settingsFailures, useChangeThemeMutation } from '../../../lib/settings/settings.api.ts';
import { applyTheme, showTheme } from '../../../lib/settings/theme.ts';

const themeLabels: Record<Theme, { label: string; note: string }> = {
  system: { label: 'System', note: "Follows this device's light or dark mode" },
  light: { label: 'Light', note: 'Always light' },
  dark: { label: 'Dark', note: 'Always dark' },
};

/**
 * Theme: applied the moment it is picked, then saved. A save the server refused puts the saved theme
 * back, here and on this device. A save with no answer (the page is being left or reloaded, which
 * aborts the request; the network is down) may well have landed: this page shows the saved theme
 * again but the device keeps the choice, and the next settings answer decides (theme.ts).
 */
export const ThemeSection = ({ settings }: { settings: Settings }) => {
  const [changeTheme, { isLoading, originalArgs }] = useChangeThemeMutation();
  const toast = useToast();
  const chosen = isLoading && originalArgs ? originalArgs : settings.theme;

  const choose = async (theme: Theme) => {
    if (theme === settings.theme) return;
    applyTheme(theme);
    const result = await changeTheme(theme);
    if ('error' in result) {
      const { error } = result;
      const refused = error !== undefined && 'status' in error && typeof error.status === 'number';
      (refused ? applyTheme : showTheme)(settings.theme);
      toast.error(failureText(error, settingsFailures.change));
    }
  };

  return (
    <section className="panel settings-section" aria-labelledby="theme-title">
      <div className="panel__header">
        <h2 id="theme-title" className="panel__title">
          Theme
        </h2>
        <p className="panel__subtitle">Applied at once and kept for your next visit.</p>
      </div>
      <fieldset className="choice-group">
        <legend className="visually-hidden">Theme</legend>
        {themes.map((theme) => (
          <label key={theme} className={`choice${chosen === theme ? ' choice--checked' : ''}`}>
            <input type="radio" name="theme" value={theme} checked={chosen === theme} onChange={() => void choose(theme)} />
            <span className={`choice__swatch choice__swatch--${theme}`} aria-hidden="true" />
            <span className="choice__text">
              <span className="choice__label">{themeLabels[theme].label}</span>
              <span className="choice__note">{themeLabels[theme].note}</span>
            </span>
          </label>
        ))}
      </fieldset>
    </section>
  );
};

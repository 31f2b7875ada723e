import type { Settings, SettingsBody } from '@tracker/contracts/settings/http';
import { useState } from 'react';
import { failureText } from '../../../lib/api/failure-text.ts';
import { useToast } from '../../../components/toasts/use-toast.ts';
import { settingsFailures, type useChangeSettingsMutation } from '../../../lib/settings/settings.api.ts';

type OnOffSetting = { [K in keyof Settings & keyof SettingsBody]: Settings[K] extends boolean ? K : never }[keyof Settings & keyof SettingsBody];

/** What the toast says once the change is in: for turning the setting on, and for turning it off. */
export interface SwitchNews {
  on: { title: string; text: string };
  off: { title: string; text: string };
}

/**
 * A settings checkbox that follows the click at once (a controlled box waiting for the store flicked
 * back for a moment): the asked value stands until the settings answer differs from what they said
 * when asked, or the change fails (then the failure is toasted). `change` is the section's own
 * settings mutation, so the section's other controls see it pending.
 */
export const useOptimisticSetting = (key: OnOffSetting, settings: Settings, change: ReturnType<typeof useChangeSettingsMutation>[0], news: SwitchNews) => {
  const toast = useToast();
  const [asked, setAsked] = useState<{ on: boolean; from: boolean }>();
  const current = settings[key];
  const shown = asked && asked.from === current ? asked.on : current;
  const toggle = async (on: boolean) => {
    setAsked({ on, from: current });
    const result = await change({ [key]: on });
    if ('error' in result) {
      setAsked(undefined);
      toast.error(failureText(result.error, settingsFailures.change));
    } else {
      const { title, text } = on ? news.on : news.off;
      toast.success(text, { title });
    }
  };
  return { shown, toggle };
};

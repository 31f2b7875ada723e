import { settingsFailures, useGetSettingsQuery } from '../../../lib/settings/settings.api.ts';
import { CalendarFeedSection } from '../components/calendar-feed-section.tsx';
import { ResetSection } from '../components/reset-section.tsx';
import { StatusSection } from '../components/status-section.tsx';
import { ThemeSection } from '../components/theme-section.tsx';
import { TimezoneSection } from '../components/timezone-section.tsx';
import { WeekStartSection } from '../components/week-start-section.tsx';
import { WebhooksSection } from '../components/webhooks-section.tsx';
import { ApiTokensSection } from '../components/api-tokens-section.tsx';
import { DayStartSection } from '../components/day-start-section.tsx';
import { RemindersSection } from '../components/reminders-section.tsx';
import { LeaderboardSection } from '../components/leaderboard-section.tsx';
import { AccountArchiveSection } from '../components/account-archive-section.tsx';
import { SettingsLoadState } from '../components/settings-load-state.tsx';
import './settings.css';
import { PageHeader } from '../../../components/layouts/page-header.tsx';

/** Theme, time zone, day start, week start, statuses and a reset; each section saves on its own. */
export const SettingsRoute = () => {
  // Asked afresh on every visit: a time zone changed on the Profile screen is the settings' too.
  const read = useGetSettingsQuery(undefined, { refetchOnMountOrArgChange: true });
  const { data: settings, isLoading } = read;
  return (
    <div className="page page--narrow settings-page">
      <title>Settings · Points Tracker</title>
      <PageHeader eyebrow="Make it yours" title="Settings" />
      {!settings ? (
        <section className="panel" aria-busy={isLoading || undefined}>
          <SettingsLoadState query={read} failure={settingsFailures.fetch} loading="Loading your settings…" />
        </section>
      ) : (
        <>
          <ThemeSection settings={settings} />
          <TimezoneSection key={settings.timezone} settings={settings} />
          <DayStartSection settings={settings} />
          <WeekStartSection settings={settings} />
          <StatusSection key={JSON.stringify(settings.statusSettings)} settings={settings} />
          <RemindersSection settings={settings} />
          <LeaderboardSection settings={settings} />
          <CalendarFeedSection />
          <WebhooksSection />
          <ApiTokensSection />
          <AccountArchiveSection />
          <ResetSection />
        </>
      )}
    </div>
  );
};

import { lazy, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { settingsOrDefaults, useGetSettingsQuery } from '../../../lib/settings/settings.api.ts';
import { useToday } from '../../../lib/settings/use-today.ts';
import type { RangeArgs } from '../api/dashboard.api.ts';
import { type DateRange, defaultRange, lastDays, rangeFrom } from '../model/date-range.ts';
import { formatLocalDate } from '../../../lib/dates/date-format.ts';
import { useHeadingFocus } from '../../../lib/focus/use-heading-focus.ts';
import { DEFAULT_HEATMAP_DAYS } from '@tracker/contracts/points/http';
import { PointsStatsCard } from '../components/points-stats-card.tsx';
import { RangePicker } from '../components/range-picker.tsx';
import { readStoredRange, storeRange } from '../model/range-storage.ts';
import { SummaryCard } from '../components/summary-card.tsx';
import { TodayCard } from '../components/today-card.tsx';
import { LaterCard } from '../components/later-card.tsx';
import { PageHeader } from '../../../components/layouts/page-header.tsx';
import './dashboard.css';

// Below the fold on a 1280×800 screen: their code loads right after the first screen (the header,
// Today, Points and the summary), each in its card's place (LaterCard) until it arrives.
const DailyPointsCard = lazy(() => import('../components/daily-points-chart.tsx').then((module) => ({ default: module.DailyPointsCard })));
const TopAchievementsCard = lazy(() => import('../components/top-achievements-card.tsx').then((module) => ({ default: module.TopAchievementsCard })));
const RecentActivityCard = lazy(() => import('../components/recent-activity-card.tsx').then((module) => ({ default: module.RecentActivityCard })));
const HeatmapCard = lazy(() => import('../components/heatmap-card.tsx').then((module) => ({ default: module.HeatmapCard })));

const rangeLabel = (range: DateRange, today: string): string => {
  const preset = defaultRange(today);
  if (range.startDate === preset.startDate && range.endDate === preset.endDate) return 'Last 7 days';
  const sameYear = range.startDate.slice(0, 4) === range.endDate.slice(0, 4);
  const start = formatLocalDate(range.startDate, { month: 'short', day: 'numeric', ...(sameYear ? {} : { year: 'numeric' }) });
  return `${start} – ${formatLocalDate(range.endDate, { month: 'short', day: 'numeric', year: 'numeric' })}`;
};

/**
 * Points, today's list, the range's summary and chart, a year of activity, recent activity and the
 * best awards. Each card loads and fails on its own; the range (default the last 7 days, spec.md §9)
 * lives in the address, so a reload or a shared link keeps it, and on this device for the next visit.
 */
export const DashboardRoute = () => {
  // Today and its zone from the server's calendar, the day every route counts in.
  const { date: today, timezone: zone } = useToday();
  const { data: settings } = useGetSettingsQuery();
  const { weekStart } = settingsOrDefaults(settings);
  const [params, setParams] = useSearchParams();
  // The address first (a reload, a shared link), else the range chosen on an earlier visit, else the last 7 days.
  const [stored, setStored] = useState(readStoredRange);
  const asked =
    params.has('from') || params.has('to')
      ? { from: params.get('from'), to: params.get('to') }
      : { from: stored?.startDate ?? null, to: stored?.endDate ?? null };
  const range = rangeFrom(asked, today);
  const args: RangeArgs = { ...range, timezone: zone };
  const heatmapArgs: RangeArgs = { ...lastDays(today, DEFAULT_HEATMAP_DAYS), timezone: zone };
  const label = rangeLabel(range, today);
  // Arriving from the start (or a form that left its page), the focus goes to the heading.
  const heading = useHeadingFocus<HTMLHeadingElement>();

  const changeRange = (next: DateRange) => {
    const preset = defaultRange(today);
    const isDefault = next.startDate === preset.startDate && next.endDate === preset.endDate;
    storeRange(isDefault ? undefined : next);
    setStored(isDefault ? undefined : next);
    setParams(isDefault ? {} : { from: next.startDate, to: next.endDate }, { replace: true });
  };

  return (
    <div className="page dashboard">
      <title>Dashboard · Points Tracker</title>
      {/* The source order is the phone's, one column: today's check-in first (what people open it for),
          then the range and what it counts. A wide screen puts the range beside the title and Points above
          Today, all in the first screen (dashboard.css). */}
      <div className="dash-grid">
        <div className="dash-grid__title">
          <PageHeader eyebrow={formatLocalDate(today, { weekday: 'long', month: 'long', day: 'numeric' })} title="Dashboard" focusable headingRef={heading} />
        </div>
        <div className="dash-grid__today">
          <TodayCard zone={zone} />
        </div>
        <div className="dash-grid__range">
          <RangePicker range={range} today={today} onChange={changeRange} />
        </div>
        <PointsStatsCard range={args} />
        {/* Top achievements under the chart of the same range: the two columns end at about the same height. */}
        <div className="dash-grid__column dash-grid__later">
          <LaterCard id="daily-points" title="Daily points" subtitle={label} loading="Loading your daily points…">
            <DailyPointsCard range={args} rangeLabel={label} />
          </LaterCard>
          <LaterCard id="top-achievements" title="Top achievements" subtitle={label} loading="Loading your achievements…">
            <TopAchievementsCard range={args} rangeLabel={label} zone={zone} />
          </LaterCard>
        </div>
        <div className="dash-grid__column dash-grid__side">
          <SummaryCard range={args} rangeLabel={label} />
          <LaterCard id="recent-activity" title="Recent activity" loading="Loading recent activity…">
            <RecentActivityCard zone={zone} />
          </LaterCard>
        </div>
        <LaterCard
          id="heatmap"
          title="Activity"
          subtitle="Points and completions per day over the last year"
          className="dash-grid__wide"
          loading="Loading your year…"
        >
          <HeatmapCard range={heatmapArgs} weekStart={weekStart} />
        </LaterCard>
      </div>
    </div>
  );
};

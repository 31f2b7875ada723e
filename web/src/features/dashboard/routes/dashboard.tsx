import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { settingsOrDefaults, useGetSettingsQuery } from '../../../lib/settings/settings.api.ts';
import { useToday } from '../../../lib/settings/use-today.ts';
import type { RangeArgs } from '../api/dashboard.api.ts';
import { DailyPointsCard } from '../components/daily-points-chart.tsx';
import { HeatmapCard } from '../components/heatmap-card.tsx';
import { type DateRange, defaultRange, lastDays, rangeFrom } from '../model/date-range.ts';
import { formatLocalDate } from '../../../lib/dates/date-format.ts';
import { useHeadingFocus } from '../../../lib/focus/use-heading-focus.ts';
import { DEFAULT_HEATMAP_DAYS } from '@tracker/contracts/points/http';
import { PointsStatsCard } from '../components/points-stats-card.tsx';
import { RangePicker } from '../components/range-picker.tsx';
import { readStoredRange, storeRange } from '../model/range-storage.ts';
import { RecentActivityCard } from '../components/recent-activity-card.tsx';
import { SummaryCard } from '../components/summary-card.tsx';
import { TodayCard } from '../components/today-card.tsx';
import { TopAchievementsCard } from '../components/top-achievements-card.tsx';
import './dashboard.css';

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
      <header className="page-header dashboard__header">
        <div>
          <p className="page-header__eyebrow">{formatLocalDate(today, { weekday: 'long', month: 'long', day: 'numeric' })}</p>
          <h1 ref={heading} className="page-header__title" tabIndex={-1}>
            Dashboard
          </h1>
        </div>
        <RangePicker range={range} today={today} onChange={changeRange} />
      </header>
      <div className="dash-grid">
        <PointsStatsCard range={args} />
        {/* Top achievements under the chart of the same range: the two columns end at about the same height. */}
        <div className="dash-grid__column">
          <TodayCard zone={zone} />
          <DailyPointsCard range={args} rangeLabel={label} />
          <TopAchievementsCard range={args} rangeLabel={label} zone={zone} />
        </div>
        <div className="dash-grid__column">
          <SummaryCard range={args} rangeLabel={label} />
          <RecentActivityCard zone={zone} />
        </div>
        <HeatmapCard range={heatmapArgs} weekStart={weekStart} />
      </div>
    </div>
  );
};

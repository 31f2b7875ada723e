/** An hour of the day as the settings show it: 0 → '00:00', 23 → '23:00'. */
export const hourLabel = (hour: number): string => `${String(hour).padStart(2, '0')}:00`;

/** When the day that ends at `endsAt` ends, as a time in `zone` ('Thu 00:00'). */
export const endOfToday = (endsAt: string, zone: string): string => {
  try {
    return new Intl.DateTimeFormat('en-GB', { weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: zone }).format(
      new Date(endsAt),
    );
  } catch {
    return new Date(endsAt).toISOString();
  }
};

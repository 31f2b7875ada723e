import { describe, expect, it } from 'vitest';
import { todayIn } from '../../../lib/dates/zone-clock.ts';
import { createBodyOf, parseQuickAdd, relativeDay, type QuickAddContext, type QuickAddDraft } from './quick-add-parser.ts';

const goals = [
  { id: 'g-garden', title: 'Garden by spring' },
  { id: 'g-run', title: 'Run a marathon' },
  { id: 'g-read1', title: 'Read 12 books' },
  { id: 'g-read2', title: 'Read the classics' },
];

// Thursday 26 November 2026, New York, weeks from Sunday.
const thursday: QuickAddContext = { today: '2026-11-26', timezone: 'America/New_York', weekStart: 0, goals };

const given = (context: Partial<QuickAddContext> = {}) => ({
  when: (line: string) => ({
    then: (expected: Partial<QuickAddDraft>) => expect(parseQuickAdd(line, { ...thursday, ...context })).toMatchObject(expected),
  }),
});

describe('quick add reads one line', () => {
  it('the example: a title, tomorrow at 17:00 in the user’s zone, weight 2, a goal by title prefix', () =>
    given()
      .when('Call mum tomorrow 17:00 !2 #garden')
      .then({
        title: 'Call mum',
        date: '2026-11-27',
        time: '17:00',
        deadline: '2026-11-27T22:00:00.000Z',
        weight: 2,
        goal: { kind: 'matched', mark: 'garden', goal: goals[0]! },
        problems: [],
        habit: false,
      }));

  it('just a title: no deadline, no weight, no goal', () =>
    given()
      .when('  Water   the plants ')
      .then({ title: 'Water the plants', goal: { kind: 'none' }, problems: [] }));

  it('today, tonight, tomorrow; a date alone is due at the end of that day', () => {
    given().when('Pay rent today').then({ title: 'Pay rent', date: '2026-11-26', deadline: '2026-11-27T04:59:00.000Z' });
    given().when('Bins tonight').then({ title: 'Bins', date: '2026-11-26' });
    given().when('tomorrow Dentist').then({ title: 'Dentist', date: '2026-11-27' });
  });

  it('a weekday is the first one after today; today’s weekday means next week', () => {
    given().when('Yoga friday').then({ title: 'Yoga', date: '2026-11-27' });
    given().when('Yoga fri').then({ date: '2026-11-27' });
    given().when('Yoga thursday').then({ date: '2026-12-03' });
    given().when('Brunch sunday').then({ date: '2026-11-29' });
  });

  it('“sun” and “sat” stay words; “on” before a day is taken with it', () => {
    given().when('Buy sun cream').then({ title: 'Buy sun cream' });
    given().when('Party on saturday').then({ title: 'Party', date: '2026-11-28' });
  });

  it('next friday is the Friday of next week, weeks starting on the user’s week start', () => {
    given().when('Review next friday').then({ title: 'Review', date: '2026-12-04' });
    given().when('Review next monday').then({ date: '2026-11-30' });
    // Weeks from Monday: next week runs 30 Nov – 6 Dec, so next Sunday is 6 Dec, not 29 Nov.
    given({ weekStart: 1 }).when('Review next sunday').then({ date: '2026-12-06' });
    given({ weekStart: 0 }).when('Review next sunday').then({ date: '2026-11-29' });
  });

  it('in 3 days, in a week, in 2 weeks', () => {
    given().when('Call back in 3 days').then({ title: 'Call back', date: '2026-11-29' });
    given().when('Call back in a week').then({ date: '2026-12-03' });
    given().when('Call back in 2 weeks').then({ date: '2026-12-10' });
    given().when('Sleep in a tent').then({ title: 'Sleep in a tent' });
  });

  it('dates: 2026-12-03, 12/3 (month/day), 12/3/2027, dec 3, 3 dec; a month/day passed this year is next year’s', () => {
    given().when('Party 2026-12-03').then({ title: 'Party', date: '2026-12-03' });
    given().when('Party 12/3').then({ date: '2026-12-03' });
    given().when('Party 12/3/2027').then({ date: '2027-12-03' });
    given().when('Party dec 3').then({ date: '2026-12-03' });
    given().when('Party 3 December').then({ date: '2026-12-03' });
    given().when('Taxes 4/15').then({ date: '2027-04-15' });
    given().when('Party 2/30').then({ title: 'Party 2/30' });
    given().when('Party 2026-02-30').then({ title: 'Party 2026-02-30' });
  });

  it('times: 17:00, 5pm, 5:30 pm, at 9am; a time alone is today', () => {
    given().when('Call at 5pm').then({ title: 'Call', date: '2026-11-26', time: '17:00', deadline: '2026-11-26T22:00:00.000Z' });
    given().when('Call 5:30 pm tomorrow').then({ time: '17:30', date: '2026-11-27' });
    given().when('Call 12am friday').then({ time: '00:00', date: '2026-11-27' });
    given().when('Call 12pm friday').then({ time: '12:00' });
    given().when('Call 9:05').then({ time: '09:05' });
    given().when('Call 25:00').then({ title: 'Call 25:00' });
    given().when('Call 13pm').then({ title: 'Call 13pm' });
  });

  it('weights !1 to !10 (the contract’s range); outside it is a problem, not a title word', () => {
    given().when('Taxes !10').then({ weight: 10, problems: [] });
    given().when('Taxes !1').then({ weight: 1 });
    given()
      .when('Taxes !11')
      .then({ title: 'Taxes', problems: ['!11: a weight goes from !1 to !10'] });
    given()
      .when('Taxes !0')
      .then({ problems: ['!0: a weight goes from !1 to !10'] });
  });

  it('a goal by title prefix, ignoring case, spaces and punctuation; unmatched and ambiguous marks are told', () => {
    given()
      .when('Long run #RUN-a')
      .then({ title: 'Long run', goal: { kind: 'matched', mark: 'RUN-a', goal: goals[1]! } });
    given()
      .when('Buy seeds #gard')
      .then({ goal: { kind: 'matched', mark: 'gard', goal: goals[0]! } });
    given()
      .when('Buy seeds #work')
      .then({ goal: { kind: 'unmatched', mark: 'work' }, problems: [] });
    given()
      .when('Library #read')
      .then({ goal: { kind: 'ambiguous', mark: 'read', goals: [goals[2]!, goals[3]!] } });
    given({ goals: [] })
      .when('Buy seeds #garden')
      .then({ goal: { kind: 'unmatched', mark: 'garden' } });
  });

  it('a goal mark takes the words after it that go on spelling a goal’s title, and no others', () => {
    given()
      .when('Call mom in 3 days #Run a marathon')
      .then({ title: 'Call mom', date: '2026-11-29', goal: { kind: 'matched', mark: 'Run a marathon', goal: goals[1]! } });
    given()
      .when('Stretch #run a 5K tomorrow')
      .then({ title: 'Stretch 5K', date: '2026-11-27', goal: { kind: 'matched', mark: 'run a', goal: goals[1]! } });
    given()
      .when('Library #read the classics !2')
      .then({ title: 'Library', weight: 2, goal: { kind: 'matched', mark: 'read the classics', goal: goals[3]! } });
    given()
      .when('Library #read 12 today')
      .then({ title: 'Library', date: '2026-11-26', goal: { kind: 'matched', mark: 'read 12', goal: goals[2]! } });
    given({ goals: [] })
      .when('Buy seeds #garden by spring')
      .then({ title: 'Buy seeds by spring', goal: { kind: 'unmatched', mark: 'garden' } });
  });

  it('every day / daily makes a daily habit: a time is its reminder, a day is refused', () => {
    given().when('Stretch every day 7:00 !3').then({ title: 'Stretch', habit: true, time: '07:00', weight: 3, problems: [] });
    given().when('Stretch daily').then({ title: 'Stretch', habit: true, problems: [] });
    given()
      .when('Stretch daily tomorrow')
      .then({ habit: true, problems: ['A daily habit has no due day: leave the day out'] });
  });

  it('only marks: asks for a title', () =>
    given()
      .when('tomorrow !2')
      .then({ title: '', problems: ['Type what to do: the words left after the marks are its title'] }));

  it('each mark once: a second date stays in the title', () => given().when('Move friday to monday').then({ title: 'Move to monday', date: '2026-11-27' }));
});

describe('quick add counts from the user’s today and zone', () => {
  // 10:30 UTC on Thursday 26 November 2026: 23:30 on Wednesday in Pago Pago, 00:30 on Friday in Kiritimati.
  const now = new Date('2026-11-26T10:30:00.000Z');
  const at = (timezone: string): Partial<QuickAddContext> => ({ timezone, today: todayIn(timezone, now) });

  it('ahead of UTC (Tokyo, +9): tomorrow 17:00 is 08:00 UTC that day', () =>
    given(at('Asia/Tokyo')).when('Call mum tomorrow 17:00').then({ date: '2026-11-27', deadline: '2026-11-27T08:00:00.000Z' }));

  it('across the date line: Kiritimati (+14) is already on Friday, so tomorrow is Saturday', () =>
    given(at('Pacific/Kiritimati')).when('Call mum tomorrow 17:00').then({ date: '2026-11-28', deadline: '2026-11-28T03:00:00.000Z' }));

  it('across the date line: Pago Pago (−11) is still on Wednesday, so tomorrow is Thursday', () =>
    given(at('Pacific/Pago_Pago')).when('Call mum tomorrow 17:00').then({ date: '2026-11-26', deadline: '2026-11-27T04:00:00.000Z' }));

  it('a DST change on the day: 02:30 on the spring-forward night lands an hour later, as clocks do', () =>
    given({ today: '2026-03-07', timezone: 'America/New_York' }).when('Shift tomorrow 2:30am').then({ deadline: '2026-03-08T07:30:00.000Z' }));
});

describe('what quick add sends', () => {
  it('a to-do: title, weight, deadline and the matched goal', () =>
    expect(createBodyOf(parseQuickAdd('Call mum tomorrow 17:00 !2 #garden', thursday))).toEqual({
      title: 'Call mum',
      weight: 2,
      goalId: 'g-garden',
      deadline: '2026-11-27T22:00:00.000Z',
    }));

  it('an unmatched goal is not sent', () => expect(createBodyOf(parseQuickAdd('Call mum #work', thursday))).toEqual({ title: 'Call mum' }));

  it('a habit: daily recurrence and the time as its reminder', () =>
    expect(createBodyOf(parseQuickAdd('Stretch daily 7am', thursday))).toEqual({
      title: 'Stretch',
      recurrence: { frequency: 'daily' },
      reminderTime: '07:00',
    }));

  it('words for the day', () => {
    expect(relativeDay('2026-11-26', '2026-11-26')).toBe('today');
    expect(relativeDay('2026-11-27', '2026-11-26')).toBe('tomorrow');
    expect(relativeDay('2026-11-30', '2026-11-26')).toBe('Monday');
    expect(relativeDay('2026-12-10', '2026-11-26')).toBe('in 14 days');
  });
});

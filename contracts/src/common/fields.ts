import { z } from 'zod';
import { messages } from '../messages.ts';

export const id = z.uuid({ message: 'must be a valid id' });
export const isoDateTime = z.iso.datetime({ offset: true, message: 'must be an ISO 8601 date-time' });

const isValidZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.length > 0;
  } catch {
    return false;
  }
};

export const timezone = z.string().refine(isValidZone, { message: messages.invalidTimezone });

/** A title: trimmed, 1–200 characters. */
export const title = z.string().trim().min(1, 'is required').max(200, 'must be at most 200 characters');

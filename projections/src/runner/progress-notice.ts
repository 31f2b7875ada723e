import type { Position } from '@tracker/eventstore/port';

export const PROGRESS_CHANNEL = 'rm_progress';

/** What a lane's commit announces: the schema, the position reached and who reached it. */
export const progressPayload = (schema: string, position: Position, members: readonly { name: string }[]): string =>
  JSON.stringify({ schema, position, names: members.map((m) => m.name) });

export const parseProgressPayload = (payload: string): { schema: string; position: Position; names: string[] } | undefined => {
  try {
    const value = JSON.parse(payload) as { schema?: unknown; position?: unknown; names?: unknown };
    if (typeof value.schema !== 'string' || typeof value.position !== 'string' || !Array.isArray(value.names)) return undefined;
    return { schema: value.schema, position: value.position as Position, names: value.names.filter((n): n is string => typeof n === 'string') };
  } catch {
    return undefined;
  }
};

import { sql, type Kysely } from 'kysely';

// Frozen once landed. What the API's answer cache keys on (projections/src/read-versions.ts): a
// version per user and lane, moved by every lane batch that writes the user's rows, in the batch's
// transaction; and one epoch for all, moved by a rebuild's swap and by migrations. In `public`, not in
// the read-model schema: a rebuild migrates a fresh schema and swaps its tables in, and versions
// counted there from 1 again would repeat keys the old tables' answers were kept under. IF NOT
// EXISTS: a rebuild runs this again in its fresh schema.
export const up = async (db: Kysely<any>): Promise<void> => {
  await sql`CREATE SEQUENCE IF NOT EXISTS public.read_version_seq`.execute(db);
  await sql`CREATE TABLE IF NOT EXISTS public.read_versions (
    user_id uuid NOT NULL,
    lane text NOT NULL,
    version bigint NOT NULL,
    PRIMARY KEY (user_id, lane)
  )`.execute(db);
  await sql`CREATE TABLE IF NOT EXISTS public.read_epoch (
    id boolean PRIMARY KEY DEFAULT true CHECK (id),
    epoch bigint NOT NULL
  )`.execute(db);
  await sql`INSERT INTO public.read_epoch (epoch) VALUES (1) ON CONFLICT (id) DO NOTHING`.execute(db);
};

export const down = async (db: Kysely<any>): Promise<void> => {
  await sql`DROP TABLE IF EXISTS public.read_epoch`.execute(db);
  await sql`DROP TABLE IF EXISTS public.read_versions`.execute(db);
  await sql`DROP SEQUENCE IF EXISTS public.read_version_seq`.execute(db);
};

import { sql, type RawBuilder, type Transaction } from 'kysely';
import { executeShaped, ONE_TEXT, type ReadModels, type Timestamp } from '../db.ts';
import type { WorkItemColumns } from './goals.tables.ts';

/**
 * A batch of goals, tasks or subtasks folded in memory: the rows the batch touches are read once,
 * the events applied to them in log order, and what changed written back in at most three
 * statements (one INSERT, one UPDATE, one DELETE), whatever the batch's size.
 */

export type WorkItemTable = 'goals' | 'tasks' | 'subtasks';

/** A row as the fold holds it. Instants stay text (PostgreSQL's own, or the event's): written back as they came, to the microsecond. */
export type ItemRow = InstantsAsText<WorkItemColumns> & Partial<Record<ParentColumn, string>>;
type InstantsAsText<Columns> = { [K in keyof Columns]: Timestamp extends Columns[K] ? Exclude<Columns[K], Timestamp> | string : Columns[K] };

/** The links a kind has to its parents: what cascades and moves follow. */
export type ParentColumn = 'goal_id' | 'task_id';

const SHARED_COLUMNS = [
  ['id', 'uuid'],
  ['user_id', 'uuid'],
  ['title', 'text'],
  ['description', 'text'],
  ['priority', 'smallint'],
  ['status', 'text'],
  ['last_status_at', 'timestamptz'],
  ['completed_at', 'timestamptz'],
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
  ['due_date', 'timestamptz'],
  ['start_date', 'timestamptz'],
  ['end_date', 'timestamptz'],
] as const satisfies ReadonlyArray<readonly [keyof ItemRow, string]>;

const PARENTS: Record<WorkItemTable, readonly ParentColumn[]> = { goals: [], tasks: ['goal_id'], subtasks: ['task_id', 'goal_id'] };

const columnsOf = (table: WorkItemTable): ReadonlyArray<readonly [keyof ItemRow, string]> => [
  ...SHARED_COLUMNS,
  ...PARENTS[table].map((column) => [column, 'uuid'] as const),
];

/** Ids as PostgreSQL prints a uuid, so the fold matches them as the database would. */
export const uuidKey = (id: string): string => id.toLowerCase();

/** One row per id: the rows of one table as the batch leaves them. */
export class WorkItemBatch {
  /** Ids that had a row before the batch. */
  private readonly stored = new Set<string>();
  private readonly live = new Map<string, ItemRow>();
  /** Ids whose row the batch created, changed or removed. */
  private readonly touched = new Set<string>();
  /** Per parent column: parent id → ids of the live rows under it. */
  private readonly children = new Map<ParentColumn, Map<string, Set<string>>>();

  private constructor(
    readonly table: WorkItemTable,
    rows: readonly ItemRow[],
  ) {
    for (const column of PARENTS[table]) this.children.set(column, new Map());
    for (const row of rows) {
      this.stored.add(row.id);
      this.put(row);
    }
  }

  /**
   * Reads the rows the batch can reach: those named by id, and those under the parents named (a
   * cascade or a move reaches every row linked to them at that point, and a row linked to them
   * before the batch was either there already or is named by id).
   */
  static async load(
    trx: Transaction<ReadModels>,
    table: WorkItemTable,
    ids: Iterable<string>,
    under: Partial<Record<ParentColumn, Iterable<string>>> = {},
  ): Promise<WorkItemBatch> {
    const conditions: RawBuilder<boolean>[] = [];
    const idList = [...new Set(ids)];
    if (idList.length > 0) conditions.push(sql<boolean>`id = ANY(${idList}::uuid[])`);
    for (const column of PARENTS[table]) {
      const parents = [...new Set(under[column] ?? [])];
      if (parents.length > 0) conditions.push(sql<boolean>`${sql.ref(column)} = ANY(${parents}::uuid[])`);
    }
    if (conditions.length === 0) return WorkItemBatch.empty(table);
    // Instants as text: a Date would round them to the millisecond.
    const columns = columnsOf(table).map(([column, type]) =>
      type === 'timestamptz' ? sql`${sql.ref(column)}::text`.as(column) : sql`${sql.ref(column)}`.as(column),
    );
    const rows = await trx
      .selectFrom(table)
      .select(columns)
      .where(sql<boolean>`${sql.join(conditions, sql` OR `)}`)
      .execute();
    return new WorkItemBatch(table, rows as unknown as ItemRow[]);
  }

  /** A fold that starts from no rows: for batches of creations alone. */
  static empty(table: WorkItemTable): WorkItemBatch {
    return new WorkItemBatch(table, []);
  }

  /** A new row; false, changing nothing, when a row with its id is there (the INSERT would fail). */
  create(row: ItemRow): boolean {
    if (this.live.has(row.id)) return false;
    this.put(row);
    this.touched.add(row.id);
    return true;
  }

  /** Sets columns of the row with this id, if there is one (an UPDATE that finds no row changes nothing). */
  change(id: string, columns: Partial<ItemRow>): void {
    const row = this.live.get(id);
    if (!row) return;
    this.unlink(row);
    Object.assign(row, columns);
    this.link(row);
    this.touched.add(id);
  }

  remove(id: string): void {
    const row = this.live.get(id);
    if (!row) return;
    this.unlink(row);
    this.live.delete(id);
    this.touched.add(id);
  }

  /** The ids of the live rows whose `column` is `parent`, as they stand now. */
  under(column: ParentColumn, parent: string): string[] {
    return [...(this.children.get(column)?.get(parent) ?? [])];
  }

  /** Writes what the batch did: new rows inserted, changed ones updated, removed ones deleted. */
  async write(trx: Transaction<ReadModels>): Promise<void> {
    const inserted: ItemRow[] = [];
    const updated: ItemRow[] = [];
    const deleted: string[] = [];
    for (const id of this.touched) {
      const row = this.live.get(id);
      if (row) (this.stored.has(id) ? updated : inserted).push(row);
      else if (this.stored.has(id)) deleted.push(id);
    }
    const columns = columnsOf(this.table);
    const names = columns.map(([column]) => column);
    /** One array per column, unnested into rows: a fixed number of parameters however many rows. */
    const arraysOf = (rows: readonly ItemRow[]) => columns.map(([column]) => rows.map((row) => row[column] ?? null));
    const unnested = (arrays: readonly string[]) => sql`unnest(${sql.join(columns.map(([, type], index) => sql`${arrays[index]}::${sql.raw(type)}[]`))})`;
    // Kysely cannot follow a column list over the union of the three tables: the names are the table's own (columnsOf).
    const table = this.table as 'subtasks';
    const named = names as Array<keyof ReadModels['subtasks']>;
    if (deleted.length > 0)
      await trx
        .deleteFrom(table)
        .where(sql<boolean>`id = ANY(${deleted}::uuid[])`)
        .execute();
    // Built and compiled once per schema and table (db.ts, executeShaped); each batch binds its arrays.
    if (updated.length > 0)
      await executeShaped(trx, `update ${table}`, arraysOf(updated), (arrays) => {
        const changes = sql`(SELECT ${sql.raw(ONE_TEXT)} * FROM ${unnested(arrays)} AS v(${sql.join(names.map((name) => sql.id(name)))}))`.as('v');
        return trx
          .updateTable(table)
          .from(changes)
          .set(Object.fromEntries(named.filter((name) => name !== 'id').map((name) => [name, sql.ref(`v.${name}`)])))
          .where(sql<boolean>`${sql.ref(`${table}.id`)} = v.id`);
      });
    if (inserted.length > 0)
      await executeShaped(trx, `insert ${table}`, arraysOf(inserted), (arrays) =>
        trx
          .insertInto(table)
          .columns(named)
          .expression(sql`SELECT ${sql.raw(ONE_TEXT)} * FROM ${unnested(arrays)}`),
      );
  }

  private put(row: ItemRow): void {
    this.live.set(row.id, row);
    this.link(row);
  }

  private link(row: ItemRow): void {
    for (const [column, index] of this.children) {
      const parent = row[column];
      if (parent === undefined) continue;
      let ids = index.get(parent);
      if (!ids) index.set(parent, (ids = new Set()));
      ids.add(row.id);
    }
  }

  private unlink(row: ItemRow): void {
    for (const [column, index] of this.children) {
      const parent = row[column];
      if (parent === undefined) continue;
      const ids = index.get(parent);
      ids?.delete(row.id);
      if (ids?.size === 0) index.delete(parent);
    }
  }
}

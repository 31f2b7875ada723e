export interface ColumnHead {
  label: string;
  /** The column's alignment class, shared with its cells. */
  className?: string;
}

/** A table's header row: each column's name, scoped to its column. */
export const ColumnHeads = ({ columns }: { columns: readonly ColumnHead[] }) => (
  <thead>
    <tr>
      {columns.map((column) => (
        <th key={column.label} scope="col" className={column.className}>
          {column.label}
        </th>
      ))}
    </tr>
  </thead>
);

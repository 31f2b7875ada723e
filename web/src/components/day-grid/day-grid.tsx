import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import './day-grid.css';

/** One day of a grid: its accessible name (also its tooltip), its look and what it shows inside. */
export interface DayCell {
  date: string;
  label: string;
  className?: string | undefined;
  testId?: string | undefined;
  /** data-state, for styles and tests. */
  state?: string | undefined;
  children?: ReactNode;
}

/** A row's or column's header: shown short (or not at all), named in full. */
export interface GridHeader {
  label: string;
  short: string;
}

export interface DayGridProps {
  /** The grid's accessible name. */
  label: string;
  /** Rows of cells; null is an empty place (before the first day, after the last). */
  rows: readonly (readonly (DayCell | null)[])[];
  /** A header before each row (the year calendar's weekdays). */
  rowHeaders?: readonly GridHeader[] | undefined;
  /** A header over each column (the card's weekdays). */
  columnHeaders?: readonly GridHeader[] | undefined;
  className?: string | undefined;
  testId?: string | undefined;
}

interface Position {
  row: number;
  column: number;
}

const moves: Record<string, (from: Position, size: { rows: number; columns: number }) => Position> = {
  ArrowLeft: ({ row, column }) => ({ row, column: column - 1 }),
  ArrowRight: ({ row, column }) => ({ row, column: column + 1 }),
  ArrowUp: ({ row, column }) => ({ row: row - 1, column }),
  ArrowDown: ({ row, column }) => ({ row: row + 1, column }),
  Home: ({ row }) => ({ row, column: 0 }),
  End: ({ row }, { columns }) => ({ row, column: columns - 1 }),
};

/**
 * Days laid out in a grid (a calendar): one tab stop, the arrow keys move between days (Home and
 * End to a row's ends), as screen readers expect of role="grid"; each cell is named by its day and
 * what happened on it. An empty place is skipped over.
 */
export const DayGrid = ({ label, rows, rowHeaders, columnHeaders, className, testId }: DayGridProps) => {
  const columns = Math.max(0, ...rows.map((row) => row.length));
  const cellAt = ({ row, column }: Position) => rows[row]?.[column] ?? null;
  const last = (): Position => {
    for (let row = rows.length - 1; row >= 0; row -= 1)
      for (let column = columns - 1; column >= 0; column -= 1) if (cellAt({ row, column })) return { row, column };
    return { row: 0, column: 0 };
  };
  const [active, setActive] = useState<Position | null>(null);
  const cells = useRef(new Map<string, HTMLElement>());
  // The latest day is the tab stop until the user moves; a layout that changed keeps a stop that exists.
  const focusable = active && cellAt(active) ? active : last();
  const keyOf = ({ row, column }: Position) => `${row}:${column}`;

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    const size = { rows: rows.length, columns };
    const step = event.key === 'Home' ? moves.ArrowRight! : event.key === 'End' ? moves.ArrowLeft! : move;
    // From the target, keep stepping the same way past empty places (Home and End step back inwards).
    for (let next = move(focusable, size); next.row >= 0 && next.row < rows.length && next.column >= 0 && next.column < columns; next = step(next, size)) {
      if (cellAt(next)) {
        setActive(next);
        cells.current.get(keyOf(next))?.focus();
        return;
      }
    }
  };

  return (
    <div role="grid" aria-label={label} className={`day-grid${className ? ` ${className}` : ''}`} data-testid={testId} onKeyDown={onKeyDown}>
      {columnHeaders && (
        <div role="row" className="day-grid__row day-grid__row--head">
          {rowHeaders && <span role="columnheader" className="day-grid__corner" aria-label="Weekday" />}
          {columnHeaders.map((header) => (
            <span key={header.label} role="columnheader" className="day-grid__header" aria-label={header.label}>
              <span aria-hidden="true">{header.short}</span>
            </span>
          ))}
        </div>
      )}
      {rows.map((row, rowIndex) => (
        <div role="row" key={rowIndex} className="day-grid__row">
          {rowHeaders?.[rowIndex] && (
            <span role="rowheader" className="day-grid__header day-grid__header--row" aria-label={rowHeaders[rowIndex].label}>
              <span aria-hidden="true">{rowHeaders[rowIndex].short}</span>
            </span>
          )}
          {row.map((cell, column) => {
            if (!cell) return <span key={column} role="gridcell" className="day-grid__cell day-square day-grid__cell--empty" />;
            const position = { row: rowIndex, column };
            const isStop = focusable.row === rowIndex && focusable.column === column;
            return (
              <span
                key={cell.date}
                role="gridcell"
                ref={(element) => {
                  if (element) cells.current.set(keyOf(position), element);
                  else cells.current.delete(keyOf(position));
                }}
                tabIndex={isStop ? 0 : -1}
                aria-label={cell.label}
                title={cell.label}
                className={`day-grid__cell day-square${cell.className ? ` ${cell.className}` : ''}`}
                data-testid={cell.testId}
                data-state={cell.state}
                data-date={cell.date}
                onFocus={() => setActive(position)}
              >
                {cell.children}
              </span>
            );
          })}
        </div>
      ))}
    </div>
  );
};

import './stat-tiles.css';

export interface StatTile {
  /** data-testid of the value. */
  id: string;
  label: string;
  /** A number (formatted for the reader's locale), or a figure already written ('87%'). */
  value: number | string;
  note?: string | undefined;
  points?: boolean;
}

const numberFormat = new Intl.NumberFormat();

/** Figures as a description list: a label over each big number; `className` for the feature's refinements. */
export const StatTiles = ({ tiles, label, className }: { tiles: readonly StatTile[]; label: string; className?: string }) => (
  <dl className={`stat-tiles${className ? ` ${className}` : ''}`} aria-label={label}>
    {tiles.map((tile) => (
      <div key={tile.id} className={`stat-tile${tile.points ? ' stat-tile--points' : ''}`}>
        <dt className="stat-tile__label">{tile.label}</dt>
        <dd className="stat-tile__value" data-testid={tile.id}>
          {typeof tile.value === 'number' ? numberFormat.format(tile.value) : tile.value}
        </dd>
        {tile.note && <dd className="stat-tile__note">{tile.note}</dd>}
      </div>
    ))}
  </dl>
);

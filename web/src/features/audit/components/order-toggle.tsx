import type { EntryOrder } from '../model/audit-timeline.ts';
import './order-toggle.css';

const orders: Array<{ value: EntryOrder; label: string }> = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
];

/** Newest or oldest entries first: two pressed/unpressed buttons. */
export const OrderToggle = ({ order, onChange }: { order: EntryOrder; onChange: (order: EntryOrder) => void }) => (
  <div className="order-toggle" role="group" aria-label="Order of entries">
    {orders.map(({ value, label }) => (
      <button
        key={value}
        type="button"
        className={`button button--small ${order === value ? 'button--primary' : 'button--secondary'}`}
        aria-pressed={order === value}
        onClick={() => onChange(value)}
      >
        {label}
      </button>
    ))}
  </div>
);

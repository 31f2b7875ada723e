import { Link } from 'react-router-dom';
import './brand.css';

export const Brand = ({ to = '/' }: { to?: string }) => (
  <Link to={to} className="brand">
    <span className="brand__mark" aria-hidden="true">
      <svg viewBox="0 0 32 32" focusable="false">
        <rect width="32" height="32" rx="8" />
        <path d="M9 16.5l4.5 4.5L23 11.5" />
      </svg>
    </span>
    <span className="brand__name">Points Tracker</span>
  </Link>
);

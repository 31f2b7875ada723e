import './status-dot.css';

/** The colour the user gave a status (Settings → Statuses), beside its name wherever a status shows. */
export const StatusDot = ({ color }: { color: string }) => <span className="status-dot" style={{ background: color }} aria-hidden="true" />;

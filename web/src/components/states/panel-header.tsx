/** A panel's title, which names its region (give the panel aria-labelledby={id}), and a line under it. */
export const PanelHeader = ({ id, title, subtitle }: { id: string; title: string; subtitle?: string | undefined }) => (
  <div className="panel__header">
    <h2 id={id} className="panel__title">
      {title}
    </h2>
    {subtitle && <p className="panel__subtitle">{subtitle}</p>}
  </div>
);

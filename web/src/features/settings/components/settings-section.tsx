import type { ReactNode } from 'react';

export interface SettingsSectionProps {
  /** Names the heading's id (`<id>-title`), which labels the section. */
  id: string;
  title: string;
  /** What follows the title in the header: the subtitle, a pending change. */
  header?: ReactNode;
  children: ReactNode;
}

/** One panel of the settings page: a titled section that its heading names. */
export const SettingsSection = ({ id, title, header, children }: SettingsSectionProps) => (
  <section className="panel settings-section" aria-labelledby={`${id}-title`}>
    <div className="panel__header">
      <h2 id={`${id}-title`} className="panel__title">
        {title}
      </h2>
      {header}
    </div>
    {children}
  </section>
);

import type { ReactNode } from 'react';
import { Brand } from './brand.tsx';
import './auth-layout.css';

export interface AuthLayoutProps {
  title: string;
  subtitle?: string;
  children: ReactNode;
  footer?: ReactNode;
}

/** The centred card shared by login, register and the password and e-mail screens. */
export const AuthLayout = ({ title, subtitle, children, footer }: AuthLayoutProps) => (
  <div className="auth-layout">
    <main className="auth-card">
      <div className="auth-card__brand">
        <Brand />
      </div>
      <h1 className="auth-card__title">{title}</h1>
      {subtitle && <p className="auth-card__subtitle">{subtitle}</p>}
      {children}
    </main>
    {footer && <div className="auth-layout__footer">{footer}</div>}
  </div>
);

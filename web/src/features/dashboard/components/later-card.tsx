import { Suspense, type ReactNode } from 'react';
import { Card } from '../../../components/states/card.tsx';
import { LoadingLine } from '../../../components/states/load-states.tsx';

export interface LaterCardProps {
  /** The card's own id, title, subtitle and class, so the space it takes and its heading are there at once. */
  id: string;
  title: string;
  subtitle?: string | undefined;
  className?: string | undefined;
  /** What its loading line says (the same words as while its data loads). */
  loading: string;
  children: ReactNode;
}

/**
 * A card below the fold whose code loads right after the first screen: meanwhile it shows as it does
 * while its data loads (its heading and loading line), so nothing moves when the code arrives.
 */
export const LaterCard = ({ id, title, subtitle, className, loading, children }: LaterCardProps) => (
  <Suspense
    fallback={
      <Card id={id} title={title} subtitle={subtitle} className={className}>
        <LoadingLine>{loading}</LoadingLine>
      </Card>
    }
  >
    {children}
  </Suspense>
);

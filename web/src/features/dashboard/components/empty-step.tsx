import { lazy, Suspense } from 'react';
import type { EmptyStepProps } from './next-step.tsx';

// A newcomer's cards (and an empty day's) say what will fill them: their words are a chunk of their
// own, loaded when a card is empty, off the first screen of everyone whose cards have something to show.
const Step = lazy(() => import('./next-step.tsx'));

/** What an empty dashboard card shows instead of zeros (next-step.tsx). */
export const EmptyStep = (props: EmptyStepProps) => (
  <Suspense>
    <Step {...props} />
  </Suspense>
);

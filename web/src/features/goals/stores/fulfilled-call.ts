import { isFulfilled, type UnknownAction } from '@reduxjs/toolkit';
import { api } from '../../../lib/api/api.ts';

/** A fulfilled RTK Query call as the slice reads it: its answer and the arguments it was made with. */
export interface FulfilledCall<Answer, Args> {
  type: string;
  payload: Answer;
  meta: { arg: { endpointName: string; originalArgs: Args } };
}

/**
 * Matches a fulfilled call of one endpoint by its name. The slice is part of the store, which loads
 * with the first screen; importing goals.api.ts for its `matchFulfilled` would bring the answer checks
 * (zod and the contracts' schemas) along with it. The types come from there, the code does not.
 */
export const fulfilledCall =
  <Answer, Args>(endpointName: string) =>
  (action: UnknownAction): action is UnknownAction & FulfilledCall<Answer, Args> =>
    isFulfilled(action) &&
    action.type.startsWith(`${api.reducerPath}/`) &&
    (action.meta as { arg?: { endpointName?: unknown } }).arg?.endpointName === endpointName;

import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import type { WorkItemKind } from '../types/work-item-kind.ts';

/** The item that should take the focus when it appears: the one just created. */
interface FocusRequests {
  request: (kind: WorkItemKind, id: string) => void;
  /** True once, for the item asked for. */
  claim: (kind: WorkItemKind, id: string) => boolean;
}

const keyOf = (kind: WorkItemKind, id: string) => `${kind}:${id}`;

const focusRequests = (): FocusRequests => {
  let pending: string | null = null;
  return {
    request: (kind, id) => void (pending = keyOf(kind, id)),
    claim: (kind, id) => {
      if (pending !== keyOf(kind, id)) return false;
      pending = null;
      return true;
    },
  };
};

const FocusRequest = createContext<FocusRequests>(focusRequests());

export const FocusRequestProvider = ({ children }: { children: ReactNode }) => {
  const [requests] = useState(focusRequests);
  return <FocusRequest value={requests}>{children}</FocusRequest>;
};

/** Asks for the focus to go to an item once its row is on screen (a new item shows after its list refreshes). */
export const useRequestFocus = (): FocusRequests['request'] => useContext(FocusRequest).request;

/** The ref of a row's control that takes the focus when the row's item was asked for. */
export const useFocusWhenRequested = <E extends HTMLElement>(kind: WorkItemKind, id: string) => {
  const { claim } = useContext(FocusRequest);
  const ref = useRef<E>(null);
  useEffect(() => {
    if (ref.current && claim(kind, id)) ref.current.focus();
  });
  return ref;
};

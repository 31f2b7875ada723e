import { createElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../../testing/memory-storage.ts';
import { AppErrorBoundary } from './app-error-boundary.tsx';
import { ErrorScreen, messageOf } from './error-screen.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The first element in a tree of plain elements that matches (ErrorScreen has no hooks, so it can be called). */
const find = (node: ReactNode, matches: (element: ReactElement<Record<string, unknown>>) => boolean): ReactElement<Record<string, unknown>> | undefined => {
  if (!isValidElement<Record<string, unknown>>(node)) return undefined;
  if (matches(node)) return node;
  const children = node.props.children as ReactNode;
  for (const child of Array.isArray(children) ? (children as ReactNode[]) : [children]) {
    const found = find(child, matches);
    if (found) return found;
  }
  return undefined;
};

describe('the global error screen (spec.md §2)', () => {
  it("shows 'Something went wrong', the error's message or 'An unexpected error occurred', and a 'Reload Page' button that reloads", () => {
    const withMessage = renderToStaticMarkup(createElement(ErrorScreen, { message: 'Boom' }));
    expect(withMessage).toContain('<h1 class="error-screen__title">Something went wrong</h1>');
    expect(withMessage).toContain('>Boom</p>');
    expect(withMessage).toContain('role="alert"');
    expect(renderToStaticMarkup(createElement(ErrorScreen, {}))).toContain('>An unexpected error occurred</p>');
    expect(renderToStaticMarkup(createElement(ErrorScreen, { message: '' }))).toContain('>An unexpected error occurred</p>');

    const { reload } = memoryStorage();
    const button = find(ErrorScreen({}), (element) => element.type === 'button');
    expect(button?.props.children).toBe('Reload Page');
    (button?.props.onClick as () => void)();
    expect(reload).toHaveBeenCalledOnce();
  });

  it('takes the message from an Error, a string or an object with a message', () => {
    expect(messageOf(new Error('Broken'))).toBe('Broken');
    expect(messageOf('Broken')).toBe('Broken');
    expect(messageOf({ message: 'Broken' })).toBe('Broken');
    expect(messageOf({ message: 42 })).toBeUndefined();
    expect(messageOf(null)).toBeUndefined();
  });

  it('is what the app shows when rendering throws', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Failing = () => {
      throw new Error('Cannot read properties of undefined');
    };
    const state = AppErrorBoundary.getDerivedStateFromError(new Error('Cannot read properties of undefined'));
    const boundary = new AppErrorBoundary({ children: createElement(Failing) });
    boundary.state = state;
    expect(renderToStaticMarkup(boundary.render() as ReactElement)).toContain('Cannot read properties of undefined');
  });
});

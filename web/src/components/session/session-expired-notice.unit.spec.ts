import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Provider, type ProviderProps } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { makeStore } from '../../app/store.ts';
import { sessionExpired } from '../../lib/auth/session-events.ts';
import { aUser } from '../../testing/fixtures.ts';
import { SessionExpiredNotice } from './session-expired-notice.tsx';

const renderAt = (path: string, expired: boolean) => {
  const store = makeStore({ auth: { token: 'tok', user: aUser(), error: null, isAdmin: false, sessionExpired: false } });
  if (expired) store.dispatch(sessionExpired());
  const providing: ProviderProps = { store, children: createElement(MemoryRouter, { initialEntries: [path] }, createElement(SessionExpiredNotice)) };
  return renderToStaticMarkup(createElement(Provider, providing));
};

describe('the session-expired notice', () => {
  it('offers to sign in again and come back to this page once the server refused the token', () => {
    const markup = renderAt('/goals?status=pending', true);
    expect(markup).toContain('role="alert"');
    expect(markup).toContain('Your session has expired.');
    expect(markup).toContain('href="/login?redirect=/goals%3Fstatus%3Dpending"');
    expect(markup).toContain('>Sign in again</a>');
  });

  it('shows nothing while the session is fine', () => {
    expect(renderAt('/dashboard', false)).toBe('');
  });
});

import type { Role } from '@nlq/contracts';
import { NavLink, Outlet, useLocation } from 'react-router-dom';
import { chatLink } from '../lib/last-session';
import { useApi } from './api-provider';
import { PrivilegeBanner } from './privilege-banner';
import { RegressionNotice } from './regression-notice';
import { useRole } from './role-gate';

/** The pages of the navigation with the weakest role each is for (docs/web-app.md "Roles"). */
const LINKS: Array<{ to: string; label: string; role: Role }> = [
  { to: '/', label: 'Overview', role: 'admin' },
  { to: '/chat', label: 'Chat', role: 'viewer' },
  { to: '/saved', label: 'Saved', role: 'viewer' },
  { to: '/boards', label: 'Boards', role: 'viewer' },
  { to: '/schedules', label: 'Schedules', role: 'viewer' },
  { to: '/traces', label: 'Traces', role: 'viewer' },
  { to: '/knowledge', label: 'Knowledge', role: 'analyst' },
  { to: '/benchmarks', label: 'Benchmarks', role: 'admin' },
  { to: '/connections', label: 'Connections', role: 'admin' },
  { to: '/llms', label: 'Models', role: 'admin' },
];

const LIVE_LABEL = {
  idle: 'offline',
  connecting: 'connecting',
  open: 'live',
  closed: 'reconnecting',
  refused: 'refused',
} as const;

/**
 * Page frame: header with navigation (the pages the caller's role may use), caller, live-channel state and a "change key" button (or, when signed in, the
 * person with their role and a "Sign out" button); the page below; benchmark regressions
 * heard live as toasts.
 */
export function Layout() {
  const { me, liveStatus, askForKey, user, signOut } = useApi();
  // read on every navigation, so the Chat link carries the session the chat showed last
  useLocation();
  const { allows } = useRole();
  // non-admins start on the chat: the Overview is the admins' page
  const links = LINKS.filter((l) => l.role === 'viewer' || allows(l.role)).map((l) =>
    l.to === '/chat' ? { ...l, to: chatLink() } : l,
  );
  return (
    <div className="app">
      <header className="topbar">
        <span className="brand">nlq</span>
        <nav aria-label="Main">
          {links.map((l) => (
            <NavLink key={l.label} to={l.to} end={l.to === '/'} data-testid={`nav-${l.label.toLowerCase()}`}>
              {l.label}
            </NavLink>
          ))}
        </nav>
        <div className="topbar-right">
          <span
            className={`live-dot live-${liveStatus}`}
            data-testid="live-status"
            title={`Live updates: ${LIVE_LABEL[liveStatus]}`}
          >
            {LIVE_LABEL[liveStatus]}
          </span>
          {user && (
            <span className="muted" data-testid="signed-in-user" title={user.user_id}>
              {user.name ?? user.user_id} ({user.role})
            </span>
          )}
          {user && (
            <button type="button" className="secondary small" onClick={() => void signOut()} data-testid="sign-out">
              Sign out
            </button>
          )}
          {me && !user && (
            <span className="muted" data-testid="whoami">
              {me.user_id}
              {me.service ? ' (service key)' : ''}
            </span>
          )}
          {!user && (
            <button type="button" className="secondary small" onClick={askForKey} data-testid="change-key">
              Change key
            </button>
          )}
        </div>
      </header>
      <main className="content">
        <PrivilegeBanner />
        <RegressionNotice />
        <Outlet />
      </main>
    </div>
  );
}

import { NavLink, Outlet, useLocation } from 'react-router-dom';
import { chatLink } from '../lib/last-session';
import { useApi } from './api-provider';
import { PrivilegeBanner } from './privilege-banner';
import { RegressionNotice } from './regression-notice';

const LINKS: Array<{ to: string; label: string }> = [
  { to: '/', label: 'Overview' },
  { to: '/chat', label: 'Chat' },
  { to: '/saved', label: 'Saved' },
  { to: '/boards', label: 'Boards' },
  { to: '/schedules', label: 'Schedules' },
  { to: '/traces', label: 'Traces' },
  { to: '/knowledge', label: 'Knowledge' },
  { to: '/benchmarks', label: 'Benchmarks' },
  { to: '/connections', label: 'Connections' },
  { to: '/llms', label: 'Models' },
];

const LIVE_LABEL = {
  idle: 'offline',
  connecting: 'connecting',
  open: 'live',
  closed: 'reconnecting',
  refused: 'refused',
} as const;

/**
 * Page frame: header with navigation, caller, live-channel state and a "change key" button (or, when signed in, the
 * person with their role and a "Sign out" button); the page below; benchmark regressions
 * heard live as toasts.
 */
export function Layout() {
  const { me, liveStatus, askForKey, user, signOut } = useApi();
  // read on every navigation, so the Chat link carries the session the chat showed last
  useLocation();
  const links = LINKS.filter((l) => l.to !== '/' || !me || me.role === 'admin') // non-admins start on the chat
    .map((l) => (l.to === '/chat' ? { ...l, to: chatLink() } : l));
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

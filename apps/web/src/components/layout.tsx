import { NavLink, Outlet } from 'react-router-dom';
import { useApi } from './api-provider';
import { PrivilegeBanner } from './privilege-banner';

const LINKS: Array<{ to: string; label: string }> = [
  { to: '/', label: 'Overview' },
  { to: '/chat', label: 'Chat' },
  { to: '/saved', label: 'Saved' },
  { to: '/traces', label: 'Traces' },
  { to: '/knowledge', label: 'Knowledge' },
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

/** Page frame: header with navigation, caller, live-channel state and a "change key" button; the page below. */
export function Layout() {
  const { me, liveStatus, askForKey } = useApi();
  return (
    <div className="app">
      <header className="topbar">
        <span className="brand">nlq</span>
        <nav aria-label="Main">
          {LINKS.map((l) => (
            <NavLink key={l.to} to={l.to} end={l.to === '/'} data-testid={`nav-${l.label.toLowerCase()}`}>
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
          {me && (
            <span className="muted" data-testid="whoami">
              {me.user_id}
              {me.service ? ' (service key)' : ''}
            </span>
          )}
          <button type="button" className="secondary small" onClick={askForKey} data-testid="change-key">
            Change key
          </button>
        </div>
      </header>
      <main className="content">
        <PrivilegeBanner />
        <Outlet />
      </main>
    </div>
  );
}

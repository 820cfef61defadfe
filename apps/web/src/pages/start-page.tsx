import { Navigate } from 'react-router-dom';
import { useApi } from '../components/api-provider';
import { chatLink } from '../lib/last-session';
import { OverviewPage } from './overview-page';

/**
 * The start page `/` (docs/web-app.md "Landing page"): the Overview for an admin (the service key, an admin key or an
 * admin signed in); everyone else (viewer, analyst, approver) goes to the Chat page (the session the tab showed last,
 * if any). Waits for the caller's role (GET /api/me, or the signed-in person).
 */
export function StartPage() {
  const { me } = useApi();
  if (!me) return <p className="muted">Loading…</p>;
  if (me.role !== 'admin') return <Navigate to={chatLink()} replace />;
  return <OverviewPage />;
}

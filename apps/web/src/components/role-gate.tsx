import { roleAtLeast, type Role } from '@nlq/contracts';
import type { ReactNode } from 'react';
import { useApi } from './api-provider';

/**
 * The caller's role as GET /api/me (or, signed in, /api/auth/me) answered it, and whether it is at least `needed`
 * (docs/http-api.md "Roles and data policies"). `role` is null until the api answered; `allows` is then false.
 */
export function useRole(): { role: Role | null; allows(needed: Role): boolean } {
  const { me } = useApi();
  const role = me?.role ?? null;
  return { role, allows: (needed) => role !== null && roleAtLeast(role, needed) };
}

/**
 * A page that needs a role (docs/web-app.md "Roles"): its children for a caller with `role` or stronger, else a
 * clear notice naming the role needed and the caller's own, instead of a page whose requests all answer 403.
 */
export function RoleGate({ role, page, children }: { role: Role; page: string; children: ReactNode }) {
  const { role: held, allows } = useRole();
  if (held === null) return <p className="muted center">Loading…</p>;
  if (allows(role)) return <>{children}</>;
  return (
    <section className="card needs-role" role="alert" data-testid="needs-role">
      <h1>{page}</h1>
      <p>
        This page needs the {role} role. You are signed in with the {held} role; ask an administrator if you need it.
      </p>
    </section>
  );
}

import type { AppConfig } from '../config/app-config';
import type { Principal } from './caller';

/**
 * The principal of a request of the query adapter surface (docs/http-api.md "Contract: query adapter"), which keeps one key: the user its session id
 * names, with the role ADAPTER_ROLE gives (default `admin`) and no attributes (docs/configuration.md, docs/http-api.md
 * "Roles and data policies").
 */
export function adapterPrincipal(config: AppConfig, userId: string): Principal {
  return { userId, role: config.adapterRole, attributes: {}, via: 'service-key' };
}

/** The role and attributes every /query runs under: ADAPTER_ROLE's data policy applies (docs/http-api.md). */
export function adapterAccess(
  config: AppConfig,
  userId: string,
): { role: Principal['role']; attributes: Principal['attributes'] } {
  const { role, attributes } = adapterPrincipal(config, userId);
  return { role, attributes };
}

import type { Board, BoardInput, BoardList, BoardResults } from '@nlq/contracts';
import type { ApiClient } from './client';

/** The calls of /api/boards (docs/http-api.md "Boards") through one ApiClient (its key, errors and 401 handling). */
export interface BoardsApi {
  list(): Promise<BoardList>;
  get(id: string): Promise<Board>;
  create(input: BoardInput): Promise<Board>;
  update(id: string, input: BoardInput): Promise<Board>;
  remove(id: string): Promise<void>;
  /** GET /api/boards/{id}/results: every tile run again now under the caller's data policy (no model call). */
  results(id: string): Promise<BoardResults>;
}

/** The boards calls of `client`. */
export function boardsApi(client: ApiClient): BoardsApi {
  const path = (id: string) => `/api/boards/${encodeURIComponent(id)}`;
  return {
    list: () => client.request('GET', '/api/boards'),
    get: (id) => client.request('GET', path(id)),
    create: (input) => client.request('POST', '/api/boards', { body: input }),
    update: (id, input) => client.request('PUT', path(id), { body: input }),
    remove: (id) => client.request('DELETE', path(id)),
    results: (id) => client.request('GET', `${path(id)}/results`),
  };
}

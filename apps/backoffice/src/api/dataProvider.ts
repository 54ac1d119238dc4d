import type { BaseRecord, CrudFilter, DataProvider } from '@refinedev/core';
import { api, type Query } from './http';

/**
 * Resources → API paths. Lists answer `{list, total}` (page, pageSize, sort, order; filters are query
 * parameters of the same name) or, for older operator calls, a plain array that the table pages itself
 * (`pagination: { mode: 'client' }`).
 */
export const RESOURCE_PATHS: Record<string, string> = {
  withdrawals: '/api/operator/withdrawals',
  deposits: '/api/operator/deposits',
  transfers: '/api/operator/transfers',
  adjustments: '/api/operator/adjustments',
  audit: '/api/operator/audit',
  players: '/api/operator/players',
  operators: '/api/operator/operators',
  casinoProviders: '/api/operator/casino/providers',
  casinoGames: '/api/app/casino/games',
  sportsEvents: '/api/operator/sports/events',
};

/** A table of a path of its own (a player's ledger) names it in `meta.path`. */
const pathOf = (resource: string, meta?: Record<string, unknown>) =>
  typeof meta?.path === 'string' ? meta.path : (RESOURCE_PATHS[resource] ?? resource);

/** Filters as query parameters; empty values are left out (an empty filter means "any"). */
function filterQuery(filters: CrudFilter[] = []): Query {
  const query: Query = {};
  for (const f of filters) {
    if (!('field' in f)) continue;
    const value: unknown = f.value;
    if (value === undefined || value === null || value === '' || Array.isArray(value)) continue;
    query[f.field] = value instanceof Date ? value.toISOString() : String(value);
  }
  return query;
}

export const dataProvider: DataProvider = {
  getApiUrl: () => '/api/operator',

  async getList({ resource, pagination, sorters, filters, meta }) {
    const query: Query = { ...filterQuery(filters), ...(meta?.query as Query | undefined) };
    if ((pagination?.mode ?? 'server') === 'server') {
      query.page = pagination?.currentPage ?? 1;
      query.pageSize = pagination?.pageSize ?? 20;
      const sorter = sorters?.[0];
      if (sorter) {
        query.sort = sorter.field;
        query.order = sorter.order;
      }
    }
    const answer = await api<BaseRecord[] | { list: BaseRecord[]; total: number } | { lobby?: never }>(
      'get',
      pathOf(resource, meta),
      { query },
    );
    if (Array.isArray(answer)) return { data: answer as never[], total: answer.length };
    if ('list' in answer) return { data: answer.list as never[], total: answer.total };
    throw new Error(`unexpected list answer for ${resource}`);
  },

  async getOne({ resource, id }) {
    return { data: await api('get', `${pathOf(resource)}/${encodeURIComponent(String(id))}`) };
  },

  async create({ resource, variables }) {
    return { data: await api('post', pathOf(resource), { body: variables }) };
  },

  async update({ resource, id, variables }) {
    return {
      data: await api('put', `${pathOf(resource)}/${encodeURIComponent(String(id))}`, { body: variables }),
    };
  },

  async deleteOne() {
    throw new Error('nothing is deleted from the back office');
  },

  async custom({ url, method, payload, query }) {
    return { data: await api(method, url, { query: query as Query | undefined, body: payload }) };
  },
};

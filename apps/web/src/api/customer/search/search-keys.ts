/**
 * Query keys of the customer's search (issue 25), one factory like `src/api/query-keys.ts`: the
 * results page and the header's suggestions each under `['search', …]`, with the request's own
 * parameters (point included), so two screens asking the same search share one cache entry.
 */
export const searchKeys = {
  all: ['search'] as const,
  results: (params: object) => ['search', 'results', params] as const,
  suggestions: (params: object) => ['search', 'suggest', params] as const,
}

/**
 * The operator area's query keys (issue 24), beside `query-keys.ts` while the area is young: one
 * key set per resource, `['operator', area, 'list', params]` like the seller's lists.
 */
export const operatorKeys = {
  all: ['operator'] as const,
  /** The city at a glance, per range (decision 048). */
  overview: (range: object) => ['operator', 'overview', range] as const,
  applications: {
    all: () => ['operator', 'applications'] as const,
    lists: () => ['operator', 'applications', 'list'] as const,
    list: (params: object) => ['operator', 'applications', 'list', params] as const,
  },
  stores: {
    all: () => ['operator', 'stores'] as const,
    lists: () => ['operator', 'stores', 'list'] as const,
    list: (params: object) => ['operator', 'stores', 'list', params] as const,
  },
}

/** The second factor's enrolment: a new secret each time it is asked for. */
export const totpEnrolmentKey = ['auth', 'totp', 'enrolment'] as const

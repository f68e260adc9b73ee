/**
 * PostgreSQL's plan_cache_mode values, as DATABASE_PLAN_CACHE_MODE takes them and the pool passes
 * them on (decision 067's addendum). Apart from client.ts so that the config reads them without
 * loading the database drivers.
 */
export const PLAN_CACHE_MODES = ['auto', 'force_custom_plan', 'force_generic_plan'] as const
export type PlanCacheMode = (typeof PLAN_CACHE_MODES)[number]

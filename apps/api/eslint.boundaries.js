// The API's layer and module boundaries as import-x/no-restricted-paths zones (decision 014).
//   routes → service → repository → db: only repositories (and the SQL filter builders they call)
//   touch drizzle-orm, the schema and the database client's query API; a filter builder is called
//   by its own module's repository only;
//   modules talk through services: no file imports another module's repository.
// The module list is read from the folder, so a new module is covered without editing this file.
import { readdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.dirname(fileURLToPath(import.meta.url))
const src = path.join(root, 'src')
const modulesDir = path.join(src, 'modules')
const modules = readdirSync(modulesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort()

// Wherever npm installed it (hoisted or not): the package folder the API's imports resolve to.
const drizzleEntry = createRequire(path.join(root, 'package.json')).resolve('drizzle-orm')
const drizzle = drizzleEntry.slice(
  0,
  drizzleEntry.lastIndexOf('drizzle-orm') + 'drizzle-orm'.length,
)
const schema = path.join(src, 'db/schema')

// The ordering tables (carts, checkouts, orders, order lines, fulfilments, order events) belong to
// the ordering modules. Besides them, only the sanctioned read-only reporters named in decision 014
// may import the schema that declares them: their aggregates over many orders (sums, counts,
// rankings) have no use as an orders-service method, and they never write.
const orderingOwners = ['orders', 'admin-orders', 'checkout', 'cart']
// commissions: the monthly statements (decision 045); city-overview: the operator's figures of
// every store (decision 048).
const orderingReporters = ['analytics', 'dashboard', 'commissions', 'city-overview']

const zones = [
  {
    // Everything in a module but its repository and the SQL filter builder the repository calls.
    target: `${modulesDir}/**/!(*.repository|*-filter).ts`,
    from: [drizzle, schema],
    message:
      "Only repositories query the database. A service must not import drizzle-orm or the schema: ask this module's repository (services own transactions; pass `tx` to the repository).",
  },
  {
    target: [`${modulesDir}/**/*.routes.ts`, `${modulesDir}/**/*.admin-routes.ts`],
    from: [drizzle, schema, path.join(src, 'db/client.ts')],
    message:
      'Routes speak HTTP and call a service (app.<x>Service); queries belong in a repository.',
  },
  {
    target: [`${modulesDir}/**/*.routes.ts`, `${modulesDir}/**/*.admin-routes.ts`],
    from: `${modulesDir}/**/*.repository.ts`,
    message: 'Routes call a service (app.<x>Service), never a repository.',
  },
  {
    // A *-filter.ts builds Drizzle SQL over its module's tables: only that module's repository calls it.
    target: `${modulesDir}/**/!(*.repository|*-filter).ts`,
    from: `${modulesDir}/**/*-filter.ts`,
    message:
      'Only repositories build SQL: parse the JSON filter in the service (parseJsonFilter with the contract schema) and pass it to the repository, which calls the *-filter.ts builder.',
  },
  ...modules.map((name) => ({
    target: `${modulesDir}/${name}/**`,
    from: `${modulesDir}/!(${name})/**/*-filter.ts`,
    message: `A SQL filter builder is its module's own: ${name} must not build SQL over another module's tables; ask that module's service (app.<x>Service).`,
  })),
  ...modules.map((name) => ({
    target: `${modulesDir}/${name}/**`,
    from: `${modulesDir}/!(${name})/**/*.repository.ts`,
    message: `Modules talk through services: use app.<x>Service, not another module's repository (${name} may not reach into another module's tables).`,
  })),
  {
    target: modules
      .filter((name) => !orderingOwners.includes(name) && !orderingReporters.includes(name))
      .map((name) => `${modulesDir}/${name}/**`),
    from: path.join(schema, 'ordering.ts'),
    message: `The ordering tables belong to ${orderingOwners.join(', ')}: ask app.ordersService (or the owning service). Only the read-only reporters named in decision 014 (${orderingReporters.join(', ')}) read them directly.`,
  },
  {
    target: [`${src}/plugins/**`, `${src}/app.ts`, `${src}/server.ts`, `${src}/cli.ts`],
    from: `${modulesDir}/**/*.repository.ts`,
    message:
      'Cross-cutting code calls a module through its service (app.<x>Service), never its repository.',
  },
]

export const apiBoundaries = {
  files: ['apps/api/src/**/*.ts'],
  ignores: ['apps/api/src/**/*.test.ts'],
  rules: { 'import-x/no-restricted-paths': ['error', { zones }] },
}

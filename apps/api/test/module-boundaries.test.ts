// The API's import boundaries (eslint.boundaries.js, decision 014) are real: fabricated files that
// break them fail ESLint with the message that says what to do instead, and files that keep them
// lint clean. Runs the repository's own flat config through ESLint's Node API.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
const eslint = new ESLint({ cwd: repoRoot })
const modules = 'apps/api/src/modules'

async function boundaryErrors(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, filePath) })
  return result!.messages
    .filter((m) => m.ruleId === 'import-x/no-restricted-paths')
    .map((m) => m.message)
}

describe('API module boundaries', () => {
  it('refuses drizzle-orm in a service and says to ask the repository', async () => {
    const errors = await boundaryErrors(
      `${modules}/cart/cart.service.ts`,
      "import { eq } from 'drizzle-orm'\nexport const x = eq\n",
    )
    expect(errors).toHaveLength(1)
    expect(errors[0]).toContain(
      "A service must not import drizzle-orm or the schema: ask this module's repository",
    )
  })

  it('refuses the schema in a service', async () => {
    const errors = await boundaryErrors(
      `${modules}/cart/cart.service.ts`,
      "import { carts } from '../../db/schema/ordering.ts'\nexport const x = carts\n",
    )
    expect(errors).toEqual([
      expect.stringContaining('A service must not import drizzle-orm or the schema'),
    ])
  })

  it("refuses another module's repository and names the service to use", async () => {
    const errors = await boundaryErrors(
      `${modules}/checkout/checkout.service.ts`,
      "import type { OrdersRepository } from '../orders/orders.repository.ts'\nexport type X = OrdersRepository\n",
    )
    expect(errors).toEqual([
      expect.stringContaining(
        "Modules talk through services: use app.<x>Service, not another module's repository",
      ),
    ])
  })

  it('keeps the ordering tables to their modules and the sanctioned reporters', async () => {
    const read = "import { orders } from '../../db/schema/ordering.ts'\nexport const x = orders\n"
    expect(await boundaryErrors(`${modules}/payments/payments.repository.ts`, read)).toEqual([
      expect.stringContaining(
        'Only the read-only reporters named in decision 014 (analytics, dashboard, commissions, city-overview) read them directly',
      ),
    ])
    expect(await boundaryErrors(`${modules}/products/products.repository.ts`, read)).toHaveLength(1)
    for (const reader of [
      'analytics/analytics.repository.ts',
      'dashboard/dashboard.repository.ts',
      'commissions/commissions.repository.ts',
      'city-overview/city-overview.repository.ts',
      'orders/orders.repository.ts',
      'admin-orders/admin-orders.repository.ts',
    ])
      expect(await boundaryErrors(`${modules}/${reader}`, read)).toEqual([])
  })

  it("refuses another module's SQL filter builder, in its service and its repository alike", async () => {
    const code =
      "import { orderFilterCondition } from '../admin-orders/order-filter.ts'\nexport const x = orderFilterCondition\n"
    const crossModule = expect.stringContaining(
      "customers must not build SQL over another module's tables",
    )
    expect(await boundaryErrors(`${modules}/customers/customers.repository.ts`, code)).toEqual([
      crossModule,
    ])
    // A service also hears that only repositories build SQL.
    expect(await boundaryErrors(`${modules}/customers/customers.service.ts`, code)).toContainEqual(
      crossModule,
    )
  })

  it("keeps a module's SQL filter builder to its repository: the service passes the parsed filter", async () => {
    const code =
      "import { orderFilterCondition } from './order-filter.ts'\nexport const x = orderFilterCondition\n"
    expect(await boundaryErrors(`${modules}/admin-orders/admin-orders.service.ts`, code)).toEqual([
      expect.stringContaining('Only repositories build SQL: parse the JSON filter in the service'),
    ])
    expect(
      await boundaryErrors(`${modules}/admin-orders/admin-orders.repository.ts`, code),
    ).toEqual([])
  })

  it('refuses a transaction opened in a repository: services own transactions', async () => {
    const code =
      "import type { Db } from '../../db/client.ts'\nexport const f = (db: Db) => db.transaction(async () => 1)\n"
    const errorsOf = async (filePath: string) => {
      const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, filePath) })
      return result!.messages
        .filter((m) => m.ruleId === 'no-restricted-syntax')
        .map((m) => m.message)
    }
    expect(await errorsOf(`${modules}/addresses/addresses.repository.ts`)).toEqual([
      expect.stringContaining('Services own transactions: take `tx: Tx` as a parameter'),
    ])
    expect(await errorsOf(`${modules}/addresses/addresses.service.ts`)).toEqual([])
  })

  it('refuses a repository in routes, even the module’s own', async () => {
    const errors = await boundaryErrors(
      `${modules}/cart/cart.routes.ts`,
      "import { createCartRepository } from './cart.repository.ts'\nexport const x = createCartRepository\n",
    )
    expect(errors).toEqual([
      expect.stringContaining('Routes call a service (app.<x>Service), never a repository'),
    ])
  })

  it('refuses the database client in routes', async () => {
    const errors = await boundaryErrors(
      `${modules}/health/health.routes.ts`,
      "import { pingDatabase } from '../../db/client.ts'\nexport const x = pingDatabase\n",
    )
    expect(errors).toEqual([expect.stringContaining('Routes speak HTTP and call a service')])
  })

  it('refuses a module repository in cross-cutting plugins', async () => {
    const errors = await boundaryErrors(
      'apps/api/src/plugins/anonymous-purge.ts',
      "import { createCartRepository } from '../modules/cart/cart.repository.ts'\nexport const x = createCartRepository\n",
    )
    expect(errors).toEqual([
      expect.stringContaining('Cross-cutting code calls a module through its service'),
    ])
  })

  it('covers a module added later without editing the config', async () => {
    // The zones are built from the modules folder: any existing module stands in for a new one.
    const errors = await boundaryErrors(
      `${modules}/geo/geo.service.ts`,
      "import type { CartRepository } from '../cart/cart.repository.ts'\nexport type X = CartRepository\n",
    )
    expect(errors).toEqual([expect.stringContaining('Modules talk through services')])
  })

  it('lets a repository use drizzle-orm and the schema, and a service use its own repository and other services', async () => {
    expect(
      await boundaryErrors(
        `${modules}/cart/cart.repository.ts`,
        "import { eq } from 'drizzle-orm'\nimport { carts } from '../../db/schema/ordering.ts'\nexport const x = [eq, carts]\n",
      ),
    ).toEqual([])
    expect(
      await boundaryErrors(
        `${modules}/checkout/checkout.service.ts`,
        "import type { CheckoutRepository } from './checkout.repository.ts'\nimport type { OrdersService } from '../orders/orders.service.ts'\nexport type X = [CheckoutRepository, OrdersService]\n",
      ),
    ).toEqual([])
  })
})

// One way to place an order (issue 23, decision 041): a planted insert into orders anywhere but
// the orders repository (placement) and the demo seed (history import) fails lint.
describe('orders are written in one place', () => {
  async function syntaxErrors(filePath: string, code: string) {
    const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, filePath) })
    return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message)
  }
  const insertOrder = 'declare const tx: any, orders: unknown\nawait tx.insert(orders).values({})\n'
  const insertItems =
    'declare const tx: any, orderItems: unknown\nawait tx.insert(orderItems).values([])\n'

  it('refuses an order insert in another module, its repository and its service alike', async () => {
    const placeOnly = expect.stringContaining('Orders are written by ordersService.place only')
    expect(
      await syntaxErrors(`${modules}/admin-orders/admin-orders.repository.ts`, insertOrder),
    ).toEqual([placeOnly])
    expect(await syntaxErrors(`${modules}/checkout/checkout.service.ts`, insertItems)).toEqual([
      placeOnly,
    ])
    expect(await syntaxErrors('apps/api/src/seed/demo-orders.ts', insertOrder)).toEqual([placeOnly])
  })

  it('lets placement and the history import write them, with the other rules still on', async () => {
    expect(await syntaxErrors(`${modules}/orders/orders.repository.ts`, insertOrder)).toEqual([])
    expect(await syntaxErrors('apps/api/src/seed/demo-seed.ts', insertItems)).toEqual([])
    const transaction = 'declare const db: any\nawait db.transaction(async () => {})\n'
    expect(await syntaxErrors(`${modules}/orders/orders.repository.ts`, transaction)).toEqual([
      expect.stringContaining('Services own transactions'),
    ])
    const env = 'export const x = process.env.X\n'
    expect(await syntaxErrors('apps/api/src/seed/demo-seed.ts', env)).toEqual([
      expect.stringContaining('Read configuration from config/env.ts'),
    ])
  })
})

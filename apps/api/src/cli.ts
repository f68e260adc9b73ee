import path from 'node:path'
import { buildApp } from './app.ts'
import { parseEnv } from './config/env.ts'
import { AppError } from './lib/errors.ts'
import { dataDirHolder, openDatabase } from './db/client.ts'
import { runMigrations } from './db/migrate.ts'
import { GEOREF_ATTRIBUTION, importLocalities } from './modules/geo/import-localities.ts'
import { loadBuiltinGazetteer } from './modules/geo/geo.service.ts'
import { outboxReport } from './modules/notifications/outbox-report.ts'
import { askRunningServer } from './modules/operator/operator-access.ts'
import { isDatabaseEmpty, seedDemo } from './seed/demo-seed.ts'

const USAGE = `Uso: npm run barrio -- <comando>
  migrate                      aplica las migraciones
  seed                         carga los datos de demostración en una base vacía
  approve-merchant <email>     aprueba una solicitud de comercio (MERCHANT_APPROVAL=manual)
  make-operator <email>        suma una cuenta verificada al equipo de operación (/operator)
  outbox                       cuántos mensajes hay por estado y los últimos e-mails y pushes
  outbox retry [id]            vuelve a encolar los mensajes fallidos: uno, o todos
  import-localities <csv>      carga un CSV de localidades de georef-ar en la búsqueda de lugares
  --help                       esta ayuda

Con la base embebida (sin DATABASE_URL) y el servidor andando, \`outbox\` se lo pregunta al
servidor; los demás comandos necesitan la base para ellos solos: detené el servidor antes.`

/**
 * Operator commands: `npm run barrio -- <command>` (USAGE above). The help needs no database;
 * `outbox` (the listing) asks the running server when it holds the embedded database
 * (decision 039); every other command opens the database itself.
 */
const [command, ...args] = process.argv.slice(2)
if (!command || ['--help', '-h', 'help'].includes(command)) {
  console.log(USAGE)
  process.exit(command ? 0 : 2)
}
const env = parseEnv()
const pgliteDir = env.DATABASE_URL ? null : path.join(env.DATA_DIR, 'pglite')
const heldBy = pgliteDir ? dataDirHolder(pgliteDir) : null
if (pgliteDir && heldBy !== null) {
  if (command === 'outbox' && args[0] !== 'retry') {
    try {
      console.log(await askRunningServer(pgliteDir, heldBy, '/outbox'))
      process.exit(0)
    } catch (err) {
      console.error((err as Error).message)
      process.exit(1)
    }
  }
  console.error(
    `La base embebida ${pgliteDir} está en uso por el servidor (pid ${heldBy}): detenelo para \`${command}\`, o corré sobre PostgreSQL (DATABASE_URL). Con el servidor andando, \`outbox\` sí funciona.`,
  )
  process.exit(1)
}
const database = await openDatabase(
  pgliteDir
    ? { driver: 'pglite', dataDir: pgliteDir }
    : {
        driver: 'postgres',
        url: env.DATABASE_URL!,
        max: env.DATABASE_POOL_MAX,
        preparedStatements: env.DATABASE_PREPARED_STATEMENTS,
        planCacheMode: env.DATABASE_PLAN_CACHE_MODE,
      },
)

/**
 * A command on one account (`<command> <email>`): builds the app, runs `work`, prints what it
 * answers; a refusal (AppError) is printed in Spanish with exit code 1.
 */
async function withAccountEmail(
  name: string,
  work: (app: Awaited<ReturnType<typeof buildApp>>, email: string) => Promise<string>,
): Promise<number> {
  const email = args[0]
  if (!email) {
    console.error(`Uso: npm run barrio -- ${name} <email>`)
    return 2
  }
  const app = await buildApp({ env, database })
  try {
    console.log(await work(app, email))
    return 0
  } catch (err) {
    if (err instanceof AppError) {
      console.error(err.message)
      return 1
    }
    throw err
  } finally {
    await app.close()
  }
}

async function run(): Promise<number> {
  await runMigrations(database)
  switch (command) {
    case 'migrate':
      console.log('Migraciones aplicadas.')
      return 0
    case 'seed': {
      if (!(await isDatabaseEmpty(database.db))) {
        console.error('La base no está vacía: no se cargan los datos de demostración.')
        return 1
      }
      const counts = await seedDemo(database.db, { uploadsDir: path.join(env.DATA_DIR, 'uploads') })
      console.log('Datos de demostración cargados:', counts)
      return 0
    }
    case 'approve-merchant':
      return withAccountEmail('approve-merchant', async (app, email) => {
        const { application } = await app.accountsService.approveByEmail(email)
        await app.outboxWorker.drain()
        return `Aprobada la solicitud de ${email} (${application.businessName}): ahora es vendedor.`
      })
    case 'make-operator':
      return withAccountEmail('make-operator', async (app, email) => {
        await app.accountsService.makeOperator(email)
        return `${email} ahora es del equipo de operación: activa su segundo factor al ingresar.`
      })
    case 'outbox': {
      const app = await buildApp({ env, database })
      try {
        if (args[0] === 'retry') {
          const requeued = await app.outbox.requeueFailed(args[1])
          console.log(`${requeued} mensaje(s) fallido(s) vuelven a la cola.`)
          return 0
        }
        console.log(await outboxReport(app.outbox))
        return 0
      } finally {
        await app.close()
      }
    }
    case 'import-localities': {
      const csvPath = args[0]
      if (!csvPath) {
        console.error(
          'Uso: npm run barrio -- import-localities <archivo.csv> (ruta relativa a la raíz del repositorio)',
        )
        return 2
      }
      await loadBuiltinGazetteer(database.db)
      console.log(`Importando localidades desde ${csvPath}…`)
      const counts = await importLocalities(database.db, path.resolve(csvPath), {
        onProgress: ({ read, imported, skipped }) =>
          console.log(`  ${read} leídas, ${imported} importadas, ${skipped} omitidas`),
      })
      console.log(
        `Listo: ${counts.read} filas leídas, ${counts.imported} importadas, ${counts.skipped} omitidas.`,
      )
      console.log(GEOREF_ATTRIBUTION)
      return 0
    }
    default:
      console.error(`Comando desconocido: ${command} ${args.join(' ')}`)
      console.error(USAGE)
      return 2
  }
}

const code = await run()
await database.close()
process.exit(code)

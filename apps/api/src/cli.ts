import path from 'node:path'
import { buildApp } from './app.ts'
import { parseEnv } from './config/env.ts'
import { AppError } from './lib/errors.ts'
import { openDatabase } from './db/client.ts'
import { runMigrations } from './db/migrate.ts'
import { GEOREF_ATTRIBUTION, importLocalities } from './modules/geo/import-localities.ts'
import { loadBuiltinGazetteer } from './modules/geo/geo.service.ts'
import { isDatabaseEmpty, seedDemo } from './seed/demo-seed.ts'

/**
 * Operator commands: `npm run barrio -- <command>`.
 *   migrate         apply migrations
 *   seed            seed the demo marketplace into an empty database
 *   approve-merchant <email>   approve a pending merchant application (MERCHANT_APPROVAL=manual)
 *   outbox          counts per status, then the latest outbox messages (emails and pushes)
 *   outbox retry [id]          put dead letters (status failed) back in the queue: one, or all
 *   import-localities <csv>   load a georef-ar localities CSV into the place lookup
 */
const [command, ...args] = process.argv.slice(2)
const env = parseEnv()
const database = await openDatabase(
  env.DATABASE_URL
    ? { driver: 'postgres', url: env.DATABASE_URL }
    : { driver: 'pglite', dataDir: path.join(env.DATA_DIR, 'pglite') },
)

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
    case 'approve-merchant': {
      const email = args[0]
      if (!email) {
        console.error('Uso: npm run barrio -- approve-merchant <email>')
        return 2
      }
      const app = await buildApp({ env, database })
      try {
        const { application } = await app.accountsService.approveByEmail(email)
        await app.outboxWorker.drain()
        console.log(
          `Aprobada la solicitud de ${email} (${application.businessName}): ahora es vendedor.`,
        )
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
    case 'outbox': {
      const app = await buildApp({ env, database })
      try {
        if (args[0] === 'retry') {
          const requeued = await app.outbox.requeueFailed(args[1])
          console.log(`${requeued} mensaje(s) fallido(s) vuelven a la cola.`)
          return 0
        }
        const counts = await app.outbox.countByStatus()
        console.log(
          counts.length
            ? counts.map((c) => `${c.status}: ${c.count}`).join('  ')
            : 'La cola está vacía.',
        )
        for (const row of await app.outbox.list(20)) {
          const p = row.payload as { to?: string; subject?: string; text?: string }
          const tries = row.attempts ? ` (${row.attempts} intento/s)` : ''
          console.log(
            `${row.createdAt.toISOString()} ${row.id} ${row.kind} ${row.status}${tries} ${p.to ?? ''} ${p.subject ?? ''}\n  ${(p.text ?? '').replaceAll('\n', ' ')}`,
          )
          if (row.lastError) console.log(`  último error: ${row.lastError}`)
        }
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
      console.error(`Comando desconocido: ${command ?? '(ninguno)'} ${args.join(' ')}`)
      console.error(
        'Comandos: migrate, seed, approve-merchant <email>, outbox [retry [id]], import-localities <csv>',
      )
      return 2
  }
}

const code = await run()
await database.close()
process.exit(code)

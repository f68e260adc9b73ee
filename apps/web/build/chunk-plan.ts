import path from 'node:path'
import type { PluginContext } from 'rolldown'
import type { Plugin } from 'vite'

/**
 * The web build's chunk plan (issue 29, decision 062's addendum): which modules go to the
 * `seller`, `app-initial` (the home page's shared part) and `shared-small` chunk groups, read from
 * the module graph as the bundle uses it. vite.config.ts names the groups and their tests.
 */

/** A package index that only re-exports (Mantine's, Tabler's icons'): many imports, no code. */
const BARREL_MIN_IMPORTS = 50

/**
 * The static module graph as the bundle uses it. An import of names from a package's index (a
 * barrel) leads to the modules that define those names, not to the whole package: every page
 * imports `@mantine/core`, and only the components it names reach its chunks.
 */
async function usedStaticGraph(ctx: PluginContext): Promise<Map<string, string[]>> {
  const ids = [...ctx.getModuleIds()]
  const known = new Set(ids)
  const barrels = new Map<string, { byName: Map<string, string>; all: string[] }>()
  for (const id of ids) {
    const info = ctx.getModuleInfo(id)
    if (!info?.code || !/node_modules/.test(id) || info.importedIds.length < BARREL_MIN_IMPORTS)
      continue
    const local = new Map<string, string>()
    const byName = new Map<string, string>()
    const target = async (source: string) => {
      const resolved = source.startsWith('.')
        ? path.resolve(path.dirname(id), source)
        : (await ctx.resolve(source, id))?.id
      return resolved && known.has(resolved) ? resolved : undefined
    }
    for (const node of ctx.parse(info.code).body) {
      if (node.type === 'ImportDeclaration') {
        const file = await target(node.source.value)
        if (file) for (const spec of node.specifiers) local.set(spec.local.name, file)
      } else if (node.type === 'ExportNamedDeclaration') {
        const file = node.source ? await target(node.source.value) : undefined
        for (const spec of node.specifiers) {
          const exported = spec.exported.type === 'Identifier' ? spec.exported.name : ''
          const localName = spec.local.type === 'Identifier' ? spec.local.name : ''
          const from = file ?? local.get(localName)
          if (exported && from) byName.set(exported, from)
        }
      }
    }
    barrels.set(id, { byName, all: info.importedIds })
  }
  const graph = new Map<string, string[]>()
  for (const id of ids) {
    const info = ctx.getModuleInfo(id)
    if (!info) continue
    const viaBarrel = info.importedIds.filter((dep) => barrels.has(dep))
    if (barrels.has(id) || viaBarrel.length === 0 || !info.code) {
      graph.set(id, info.importedIds)
      continue
    }
    const edges = new Set(info.importedIds.filter((dep) => !barrels.has(dep)))
    const lang = /\.tsx$/.test(id) ? 'tsx' : /\.ts$/.test(id) ? 'ts' : 'jsx'
    for (const node of ctx.parse(info.code, { lang }).body) {
      if (
        node.type !== 'ImportDeclaration' &&
        node.type !== 'ExportNamedDeclaration' &&
        node.type !== 'ExportAllDeclaration'
      )
        continue
      if (!node.source) continue
      const resolved = (await ctx.resolve(node.source.value, id))?.id
      const barrel = resolved ? barrels.get(resolved) : undefined
      if (!barrel) continue
      const names: string[] = []
      let everything = node.type === 'ExportAllDeclaration' || node.specifiers.length === 0
      for (const spec of node.type === 'ExportAllDeclaration' ? [] : node.specifiers) {
        if (spec.type === 'ImportSpecifier')
          names.push(spec.imported.type === 'Identifier' ? spec.imported.name : spec.imported.value)
        else if (spec.type === 'ExportSpecifier')
          names.push(spec.local.type === 'Identifier' ? spec.local.name : spec.local.value)
        else everything = true
      }
      for (const name of everything ? [] : names) {
        const file = barrel.byName.get(name)
        if (file) edges.add(file)
        else everything = true
      }
      if (everything) barrel.all.forEach((dep) => edges.add(dep))
    }
    graph.set(id, [...edges])
  }
  return graph
}

/**
 * Two sets of modules for the chunk groups below (issue 29, decision 062 addendum), collected once
 * the module graph is complete:
 * - `seller`: what the seller's frame and dashboard import statically that no chunk root outside
 *   the seller's area reaches (the seller's and the operator's pages, which customers never load);
 * - `homeShared`: what the home page imports besides the app and the catalogue that other pages
 *   import too (Mantine's Alert, the error state, small hooks and icons): every page but the
 *   home's loaded them as separate small files.
 */
export function chunkPlan(options: {
  /** The app's entry module and the home page's, by path suffix. */
  appModule: string
  homePage: string
  /** The seller's first page's modules (frame and dashboard), by path suffix. */
  sellerRoots: string[]
  /** Chunk roots of the seller's and the operator's pages: customers never load them. */
  inSellerArea: (id: string) => boolean
  /** The catalogue's own modules (one chunk of their own, outside `homeShared`). */
  isCatalog: (id: string) => boolean
  /** Source text length under which a module shared by the seller's first page joins `small`. */
  smallModuleChars: number
}) {
  const seller = new Set<string>()
  const homeShared = new Set<string>()
  const small = new Set<string>()
  const plugin: Plugin = {
    name: 'barrio:chunk-plan',
    apply: 'build',
    async buildEnd() {
      seller.clear() // a watch rebuild collects the graph afresh
      homeShared.clear()
      small.clear()
      const graph = await usedStaticGraph(this as unknown as PluginContext)
      const reach = (starts: string[]) => {
        const seen = new Set<string>()
        const visit = (id: string) => {
          if (seen.has(id)) return
          seen.add(id)
          graph.get(id)?.forEach(visit)
        }
        starts.forEach(visit)
        return seen
      }
      const find = (suffix: string) => {
        const id = [...graph.keys()].find((candidate) => candidate.endsWith(suffix))
        if (!id) throw new Error(`${suffix} is not in the module graph`)
        return id
      }
      // Every chunk root: the entry and every module something imports dynamically.
      const starts = new Set<string>()
      for (const id of graph.keys()) {
        const info = this.getModuleInfo(id)
        if (info?.isEntry) starts.add(id)
        info?.dynamicallyImportedIds.forEach((dynamic) => starts.add(dynamic))
      }
      const own = (id: string) => !id.startsWith('\0')
      const others = reach([...starts].filter((id) => !options.inSellerArea(id)))
      for (const id of reach(options.sellerRoots.map(find)))
        if (!others.has(id) && own(id)) seller.add(id)
      const app = reach([find(options.appModule)])
      const home = find(options.homePage)
      const elsewhere = reach([...starts].filter((id) => id !== home && !app.has(id)))
      for (const id of reach([home]))
        if (!app.has(id) && elsewhere.has(id) && !options.isCatalog(id) && own(id))
          homeShared.add(id)
      // The small modules the seller's first page shares with other pages, that import nothing
      // but the app's modules and each other: one chunk, which no other chunk's code runs before.
      for (const id of reach(options.sellerRoots.map(find))) {
        const size = this.getModuleInfo(id)?.code?.length ?? Infinity
        if (
          own(id) &&
          !seller.has(id) &&
          !app.has(id) &&
          !homeShared.has(id) &&
          size <= options.smallModuleChars
        )
          small.add(id)
      }
      for (let changed = true; changed;) {
        changed = false
        for (const id of small) {
          if (graph.get(id)?.every((dep) => app.has(dep) || small.has(dep))) continue
          small.delete(id)
          changed = true
        }
      }
    },
    // The groups take no dependencies and the build keeps its default execution order, which is
    // sound while no chunk imports, through others, a group that imports it: checked here.
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk')
      const importsOf = new Map(chunks.map((chunk) => [chunk.fileName, chunk.imports]))
      for (const group of chunks.filter((chunk) => /^(seller|shared-small)$/.test(chunk.name))) {
        const seen = new Set<string>()
        const walk = (fileName: string): boolean =>
          (importsOf.get(fileName) ?? []).some((next) => {
            if (next === group.fileName) return true
            if (seen.has(next)) return false
            seen.add(next)
            return walk(next)
          })
        if (walk(group.fileName))
          throw new Error(`${group.fileName} imports a chunk that imports it: a cycle`)
      }
    },
  }
  return {
    plugin,
    seller: (id: string) => seller.has(id),
    homeShared: (id: string) => homeShared.has(id),
    small: (id: string) => small.has(id),
  }
}

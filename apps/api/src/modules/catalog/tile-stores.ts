import { storeTimeAt, storeTimeChangesAt } from '../stores/store-time.ts'
import type { CatalogCache } from './catalog.cache.ts'
import type { StoreRow } from './catalog.repository.ts'
import type { TileRank } from './tile-rank.ts'

/**
 * What the nearby lists read of a tile's stores, by their position in the tile rank's `near`
 * (decision 066's addendum): the row, the count of active products and whether it is open now.
 * At a new point per request the answer's 100 stores are looked up in arrays instead of three
 * 20,000-entry maps per store (rows, counts, open-now).
 */
export type TileStores = {
  /** The catalogue cache's change counter when these values were last known current. */
  stamp: number
  /** When they stop being true: a kept row or count expires, or a store opens or closes. */
  until: number
  /** undefined: not read yet; null: no visible store (hidden, suspended, gone). */
  rows: Array<StoreRow | null | undefined>
  /** −1: not read yet (the shops list does not need them). */
  counts: Int32Array
  open: Uint8Array
  /** The stores read so far (checked for changes when the cache's counter has moved). */
  read: string[]
}

/** How long a tile keeps a store it found no row for (a store that reappears sends a change). */
const ABSENT_ROW_MS = 1000

export function createTileStores({
  cache,
  storeRows,
  storeCounts,
}: {
  cache: CatalogCache
  storeRows: (ids: readonly string[]) => Promise<Map<string, StoreRow>>
  storeCounts: (ids: readonly string[]) => Promise<Map<string, number>>
}) {
  const memos = new WeakMap<TileRank, TileStores>()

  function current(rank: TileRank, t: number): TileStores {
    const stamp = cache.stamp()
    const memo = memos.get(rank)
    if (memo && memo.until > t) {
      if (memo.stamp === stamp) return memo
      if (cache.unchangedSince(memo.stamp, memo.read)) {
        memo.stamp = stamp
        return memo
      }
    }
    const n = rank.nearIds.length
    const fresh: TileStores = {
      stamp,
      until: Infinity,
      rows: new Array<StoreRow | null | undefined>(n),
      counts: new Int32Array(n).fill(-1),
      open: new Uint8Array(n),
      read: [],
    }
    memos.set(rank, fresh)
    return fresh
  }

  /**
   * The tile's stores at `positions` (and their counts when `withCounts`), read through the
   * per-store caches the first time; null when one of them changed while it was being read (the
   * caller answers without the tile).
   */
  return async function tileStores(
    rank: TileRank,
    positions: readonly number[],
    now: Date,
    withCounts: boolean,
  ): Promise<TileStores | null> {
    const t = now.getTime()
    const memo = current(rank, t)
    const noRow = positions.filter((j) => memo.rows[j] === undefined)
    const noCount = withCounts ? positions.filter((j) => memo.counts[j]! < 0) : []
    if (noRow.length === 0 && noCount.length === 0) return memo
    const stamp = cache.stamp()
    const rowIds = noRow.map((j) => rank.nearIds[j]!)
    const countIds = noCount.map((j) => rank.nearIds[j]!)
    const [rows, counts] = await Promise.all([
      rowIds.length > 0 ? storeRows(rowIds) : null,
      countIds.length > 0 ? storeCounts(countIds) : null,
    ])
    const ids = [...new Set([...rowIds, ...countIds])]
    if (!cache.unchangedSince(stamp, ids) || memos.get(rank) !== memo) return null
    // A store the cache did not keep (evicted at once) is still bounded by the cache's TTL.
    let until = Math.min(memo.until, cache.keptUntil(ids), t + cache.ttlMs)
    noRow.forEach((j, i) => {
      const row = rows!.get(rowIds[i]!) ?? null
      memo.rows[j] = row
      if (!row) {
        until = Math.min(until, t + ABSENT_ROW_MS)
        return
      }
      const time = storeTimeAt(row, now)
      memo.open[j] = time.openNow ? 1 : 0
      const changes = storeTimeChangesAt(time)
      if (changes !== null) until = Math.min(until, changes)
    })
    noCount.forEach((j, i) => {
      memo.counts[j] = counts!.get(countIds[i]!) ?? 0
    })
    memo.until = until
    for (const id of ids) memo.read.push(id)
    return memo
  }
}
export type TileStoresReader = ReturnType<typeof createTileStores>

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
  /** When the first of them stops being true (the earliest of `expires`). */
  until: number
  /**
   * Per position, when what was read for it stops being true: its kept row or count expires, the
   * store opens or closes (Infinity: not read). Only the positions past it are read again: a
   * tile's ~150 stores expire one by one over the caches' TTL, and forgetting them all at the
   * first expiry read the whole tile again every second request (bench/README.md, search,
   * twelfth pass).
   */
  expires: Float64Array
  /** undefined: not read yet; null: no visible store (hidden, suspended, gone). */
  rows: Array<StoreRow | null | undefined>
  /** −1: not read yet (the shops list does not need them). */
  counts: Int32Array
  open: Uint8Array
  /** The stores read so far (checked for changes when the cache's counter has moved). */
  read: string[]
  /** 1 at the positions whose store is in `read`. */
  listed: Uint8Array
}

/** How long a tile keeps a store it found no row for (a store that reappears sends a change). */
const ABSENT_ROW_MS = 1000
/**
 * How long a row or count read past its TTL (answering within its grace while the per-store cache
 * reads it again in the background) is used before it is asked for again.
 */
const STALE_RECHECK_MS = 250

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
    if (memo && (memo.stamp === stamp || cache.unchangedSince(memo.stamp, memo.read))) {
      memo.stamp = stamp
      if (memo.until <= t) forgetExpired(memo, t)
      return memo
    }
    const n = rank.nearIds.length
    const fresh: TileStores = {
      stamp,
      until: Infinity,
      expires: new Float64Array(n).fill(Infinity),
      rows: new Array<StoreRow | null | undefined>(n),
      counts: new Int32Array(n).fill(-1),
      open: new Uint8Array(n),
      read: [],
      listed: new Uint8Array(n),
    }
    memos.set(rank, fresh)
    return fresh
  }

  /** Forgets the positions whose values stopped being true at `t` (read again when asked). */
  function forgetExpired(memo: TileStores, t: number) {
    let until = Infinity
    for (let j = 0; j < memo.expires.length; j++) {
      const expires = memo.expires[j]!
      if (expires > t) {
        if (expires < until) until = expires
        continue
      }
      memo.expires[j] = Infinity
      memo.rows[j] = undefined
      memo.counts[j] = -1
      memo.open[j] = 0
    }
    memo.until = until
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
    const bound = t + cache.ttlMs
    const keptUntil = (id: string) => {
      const until = Math.min(cache.keptUntil([id]), bound)
      return until > t ? until : t + STALE_RECHECK_MS
    }
    noRow.forEach((j, i) => {
      const id = rowIds[i]!
      const row = rows!.get(id) ?? null
      memo.rows[j] = row
      if (!row) {
        memo.expires[j] = Math.min(memo.expires[j]!, t + ABSENT_ROW_MS)
        return
      }
      const time = storeTimeAt(row, now)
      memo.open[j] = time.openNow ? 1 : 0
      memo.expires[j] = Math.min(
        memo.expires[j]!,
        keptUntil(id),
        storeTimeChangesAt(time) ?? Infinity,
      )
    })
    noCount.forEach((j, i) => {
      const id = countIds[i]!
      memo.counts[j] = counts!.get(id) ?? 0
      memo.expires[j] = Math.min(memo.expires[j]!, keptUntil(id))
    })
    for (const j of [...noRow, ...noCount]) {
      if (memo.expires[j]! < memo.until) memo.until = memo.expires[j]!
      if (memo.listed[j]) continue
      memo.listed[j] = 1
      memo.read.push(rank.nearIds[j]!)
    }
    // Another request forgot some of these positions meanwhile (they expired while this one read).
    for (const j of positions)
      if (memo.rows[j] === undefined || (withCounts && memo.counts[j]! < 0)) return null
    return memo
  }
}
export type TileStoresReader = ReturnType<typeof createTileStores>

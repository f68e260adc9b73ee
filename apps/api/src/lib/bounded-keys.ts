/**
 * Bounding the Maps and Sets used as LRU or FIFO caches (the oldest key is the first one).
 *
 * Why in batches: V8 leaves a deleted entry as a hole until the table is rebuilt, and a new
 * `keys()` iterator walks every hole from the start. Dropping the first key on every insert
 * therefore costs one walk over all the holes each time: 3.8 µs per insert at 5,000 keys, against
 * 0.2 µs when a sixteenth over the bound is dropped in one walk (bench/README.md, nearby, "a
 * twelfth pass"). A collection may so hold `max + max / 16` keys for a while.
 */

/** Whether a collection bounded at `max` has grown far enough past it to be trimmed now. */
export function dueForTrim(size: number, max: number) {
  return size > max + (max >> 4)
}

/** Drops keys from the oldest, in one walk, while `over()` holds; `drop` must remove the key. */
export function dropOldestWhile<K>(keys: Iterable<K>, over: () => boolean, drop: (key: K) => void) {
  for (const key of keys) {
    if (!over()) return
    drop(key)
  }
}

/**
 * Trims a Map or Set to its `max` oldest-first once it is a sixteenth over; `drop` (by default
 * the collection's own delete) may do more, such as telling who kept the value.
 */
export function trimOldest<K>(
  collection: Map<K, unknown> | Set<K>,
  max: number,
  drop: (key: K) => void = (key) => collection.delete(key),
) {
  if (!dueForTrim(collection.size, max)) return
  dropOldestWhile(collection.keys(), () => collection.size > max, drop)
}

import { useSyncExternalStore } from 'react'

import { readJsonStorage, STORAGE_KEYS, writeJsonStorage } from '@/lib/storage'

/** How many searches the device keeps. */
export const RECENT_SEARCHES_LIMIT = 8

const listeners = new Set<() => void>()
// The snapshot is re-read from storage and kept while the stored text is the same, so every
// reader gets one stable array and a cleared storage (tests, another tab) is never hidden by a cache.
let cached: { raw: unknown; list: string[] } | null = null

/** Lower case without accents: "Limón" and "limon " are one search. */
function sameSearch(a: string, b: string): boolean {
  const key = (text: string) =>
    text.trim().normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('es-AR')
  return key(a) === key(b)
}

function parse(raw: unknown): string[] {
  if (!Array.isArray(raw)) return []
  return raw
    .filter((item): item is string => typeof item === 'string' && item.trim() !== '')
    .slice(0, RECENT_SEARCHES_LIMIT)
}

/** The device's recent searches, newest first. */
export function readRecentSearches(): string[] {
  const raw = readJsonStorage(STORAGE_KEYS.recentSearches)
  const serialized = JSON.stringify(raw)
  if (cached && cached.raw === serialized) return cached.list
  cached = { raw: serialized, list: parse(raw) }
  return cached.list
}

function write(list: string[]) {
  writeJsonStorage(STORAGE_KEYS.recentSearches, list.length > 0 ? list : null)
  for (const listener of listeners) listener()
}

/** Puts a search first (once: an earlier spelling of it goes), keeping the newest eight. */
export function addRecentSearch(text: string): void {
  const search = text.trim().replace(/\s+/g, ' ')
  if (search === '') return
  const rest = readRecentSearches().filter((item) => !sameSearch(item, search))
  write([search, ...rest].slice(0, RECENT_SEARCHES_LIMIT))
}

export function removeRecentSearch(text: string): void {
  write(readRecentSearches().filter((item) => item !== text))
}

export function clearRecentSearches(): void {
  write([])
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.recentSearches) listener()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

/** The recent searches, kept up to date as they change (in this tab or another). */
export function useRecentSearches(): string[] {
  return useSyncExternalStore(subscribe, readRecentSearches, readRecentSearches)
}

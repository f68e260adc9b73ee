import type { ReactNode } from 'react'

import type { ConfirmOptions } from '@/components/confirm/confirm'
import type { BulkResult } from '@/components/admin/list/run-bulk'

export type SortDirection = 'asc' | 'desc'

/** One column, declared once: the table renders it as a cell, the phone card as a line. */
export type ListColumn<T> = {
  key: string
  /** The header, and the label in front of the value on a card. */
  header: string
  cell: (row: T) => ReactNode
  /** The API sort field this header orders by; only where the API can sort. */
  sortField?: string
  /** The direction a first click asks for. Default: descending (newest, highest first). */
  firstDirection?: SortDirection
  /**
   * On a card: `title` is its heading (one per list), `plain` shows the value without its label,
   * `hidden` leaves the column out; by default a card line reads "Header: value".
   */
  card?: 'title' | 'plain' | 'hidden'
  /** The header is for screen readers only (e.g. an image column). */
  hideHeader?: boolean
  /** The table cell keeps its full width (badges): the table scrolls sideways instead. */
  nowrap?: boolean
}

export type RowAction = {
  label: string
  icon?: ReactNode
  color?: string
  disabled?: boolean
  onClick: () => void
}

/**
 * An action on the selected rows: a loop of single-item calls (`BulkLoopAction`), or a dialog of
 * the feature's own that takes the rows (`BulkDialogAction`, e.g. a bulk endpoint with a preview).
 */
export type BulkAction<T> = BulkLoopAction<T> | BulkDialogAction<T>

/** Hands the selection (the rows it `applies` to) to the feature, which does the rest. */
export type BulkDialogAction<T> = {
  label: string
  color?: string
  applies?: (row: T) => boolean
  open: (rows: T[]) => void
}

/**
 * With no bulk endpoint in the API, `run` is the single-item call and the list loops over the
 * selection with a progress bar, then reports what failed.
 */
export type BulkLoopAction<T> = {
  label: string
  color?: string
  /** Rows it makes sense for; the others in the selection are skipped. */
  applies?: (row: T) => boolean
  /** Asked before running, with the rows it will act on. */
  confirm?: (rows: T[]) => ConfirmOptions
  run: (row: T) => Promise<unknown>
  /** The success toast: "Archivaste 3 productos." */
  doneMessage: (count: number) => string
  /** After the loop (e.g. refresh the list), whatever the outcome. */
  onSettled?: (result: BulkResult<T>) => void
}

export type SortOption = { value: string; label: string }

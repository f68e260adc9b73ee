import { useDebouncedValue } from '@mantine/hooks'
import { useState } from 'react'

const SEARCH_DEBOUNCE_MS = 200

/**
 * The text of a server-side search box: what the seller typed, and the debounced text to ask
 * the server for. `isCurrent` says whether an answer is for the text as typed now: Enter must
 * never pick a result of an older search.
 */
export function useSearchText() {
  const [text, setText] = useState('')
  const [debounced] = useDebouncedValue(text, SEARCH_DEBOUNCE_MS)
  return {
    text,
    setText,
    debounced,
    isCurrent: (isPlaceholderData: boolean) =>
      text.trim() === debounced.trim() && !isPlaceholderData,
  }
}

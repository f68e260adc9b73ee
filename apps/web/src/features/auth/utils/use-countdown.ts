import { useCallback, useEffect, useState } from 'react'

/** A whole-second countdown (e.g. before another code may be requested). */
export function useCountdown() {
  const [remaining, setRemaining] = useState(0)

  useEffect(() => {
    if (remaining <= 0) return undefined
    const timer = window.setTimeout(() => setRemaining((current) => Math.max(0, current - 1)), 1000)
    return () => window.clearTimeout(timer)
  }, [remaining])

  const start = useCallback((seconds: number) => setRemaining(Math.max(0, Math.ceil(seconds))), [])
  const reset = useCallback(() => setRemaining(0), [])
  return { remaining, start, reset }
}

/** 75 -> "1:15". */
export function formatCountdown(seconds: number): string {
  const minutes = Math.floor(seconds / 60)
  const rest = seconds % 60
  return `${minutes}:${String(rest).padStart(2, '0')}`
}

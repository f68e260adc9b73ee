/**
 * The time store schedules are judged by (issue 26: open now, next opening, later the slots). The
 * system clock, except where a run pins the day and hour a test needs: `SCHEDULE_CLOCK_START`
 * starts the clock at that instant and lets it tick from there (the end-to-end server uses it so
 * that the demo's shops are open whatever hour CI runs at). Sessions, tokens and order times
 * always use the real clock. Refused in production (config/env.ts).
 */
export type Clock = { now(): Date }

export const systemClock: Clock = { now: () => new Date() }

/** A clock that reads `start` now and ticks forward in real time. */
export function clockStartingAt(start: Date): Clock {
  const shift = start.getTime() - Date.now()
  return { now: () => new Date(Date.now() + shift) }
}

/** One press of an arrow (button or key on the focused pin) moves a shop's pin about this far. */
export const PIN_STEP_METRES = 10
const METRES_PER_DEGREE = 111_320

/** The point `north` metres north (negative: south) and `east` metres east (negative: west). */
export function nudgePoint(
  latitude: number,
  longitude: number,
  north: number,
  east: number,
): { latitude: number; longitude: number } {
  const lat = latitude + north / METRES_PER_DEGREE
  const lng = longitude + east / (METRES_PER_DEGREE * Math.cos((latitude * Math.PI) / 180))
  return { latitude: Number(lat.toFixed(6)), longitude: Number(lng.toFixed(6)) }
}

/** Arrow keys as [north, east] metres. */
export const ARROW_STEPS: Record<string, readonly [number, number]> = {
  ArrowUp: [PIN_STEP_METRES, 0],
  ArrowDown: [-PIN_STEP_METRES, 0],
  ArrowRight: [0, PIN_STEP_METRES],
  ArrowLeft: [0, -PIN_STEP_METRES],
}

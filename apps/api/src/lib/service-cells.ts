/**
 * The grid of the serving-area index (docs/decisions/024): cells of 0.1° × 0.1°, keyed
 * floor(lat·10)·4096 + floor(lng·10). The SQL twin is store_service_cells_for() in migration
 * 0013_serving_area_index, which covers each store's serving disc with these cells; a point is in
 * exactly one cell, so the stores that may serve it are that cell's rows. Beyond 85° of latitude
 * each row of the grid is a single cell (near the poles a disc spans every longitude).
 */
export const CELLS_PER_DEGREE = 10

/** Beyond 85° of latitude a grid row is one cell, with this longitude index. */
const POLAR_LNG_INDEX = -2047

export function cellOf(lat: number, lng: number): number {
  const la = Math.floor(lat * CELLS_PER_DEGREE)
  const lo = la >= 850 || la < -850 ? POLAR_LNG_INDEX : Math.floor(lng * CELLS_PER_DEGREE)
  return la * 4096 + lo
}

export const EARTH_KM = 6371
const RAD = Math.PI / 180

/**
 * Great-circle km (haversine on a 6371 km sphere). The one definition of "distance" for nearby
 * shops: membership (≤ radius), order and the distanceKm the API returns all come from it.
 */
export function haversineKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const dLat = Math.sin(((lat2 - lat1) * RAD) / 2)
  const dLng = Math.sin(((lng2 - lng1) * RAD) / 2)
  const a = dLat * dLat + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * dLng * dLng
  return 2 * EARTH_KM * Math.asin(Math.sqrt(Math.min(1, a)))
}

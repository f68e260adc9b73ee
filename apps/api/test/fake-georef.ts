import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { pathToFileURL } from 'node:url'

/**
 * A loopback georef-ar (GET /direcciones), answering in georef's real shape: `direcciones` with
 * calle, altura, departamento, localidad_censal, provincia, nomenclatura and the door
 * interpolated along the block (`ubicacion`), plus cantidad/total/inicio/parametros. It knows a
 * few blocks of the demo's barrios; any other street answers no door, as georef does for a
 * street it cannot place. `requests` records every query; `failNext(n)` answers 503 n times.
 *
 * Standalone (the e2e suite starts it): `node --import tsx test/fake-georef.ts <port>`.
 */
type Block = {
  street: string
  category: string
  streetId: string
  from: number
  to: number
  start: [lat: number, lon: number]
  end: [lat: number, lon: number]
  department: { id: string; nombre: string }
  locality: { id: string; nombre: string }
  province: { id: string; nombre: string }
}

const CABA = { id: '02', nombre: 'Ciudad Autónoma de Buenos Aires' }
const CABA_LOCALITY = { id: '02000010', nombre: 'Ciudad Autónoma de Buenos Aires' }
const COMUNA_14 = { id: '02014', nombre: 'Comuna 14' }
const SANTA_FE = { id: '82', nombre: 'Santa Fe' }
const ROSARIO = { id: '82084270', nombre: 'Rosario' }
const ROSARIO_DEPT = { id: '82084', nombre: 'Rosario' }

/**
 * Gurruchaga's 1700 block passes the demo's Tostadero Soho (-34.5889, -58.4306 at number 1723);
 * Honduras 4800 is a block away from it. Two Rosario doors are 400 m apart.
 */
export const FAKE_GEOREF_BLOCKS: Block[] = [
  {
    street: 'GURRUCHAGA',
    category: 'CALLE',
    streetId: '0201401004935',
    from: 1700,
    to: 1799,
    start: [-34.588808, -58.4308875],
    end: [-34.589208, -58.4296375],
    department: COMUNA_14,
    locality: CABA_LOCALITY,
    province: CABA,
  },
  {
    street: 'HONDURAS',
    category: 'CALLE',
    streetId: '0201401003260',
    from: 4800,
    to: 4899,
    start: [-34.5879, -58.4301],
    end: [-34.587, -58.4293],
    department: COMUNA_14,
    locality: CABA_LOCALITY,
    province: CABA,
  },
  {
    street: 'CORDOBA',
    category: 'CALLE',
    streetId: '8208427001120',
    from: 1400,
    to: 1499,
    start: [-32.9455, -60.6415],
    end: [-32.9451, -60.6427],
    department: ROSARIO_DEPT,
    locality: ROSARIO,
    province: SANTA_FE,
  },
  {
    street: 'CORDOBA',
    category: 'CALLE',
    streetId: '8208427001120',
    from: 1800,
    to: 1899,
    start: [-32.9441, -60.6463],
    end: [-32.9437, -60.6475],
    department: ROSARIO_DEPT,
    locality: ROSARIO,
    province: SANTA_FE,
  },
]

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/\s+/g, ' ')
    .trim()

/** The door of `number` on a block, interpolated between its ends as georef does. */
export function fakeGeorefDoor(block: Block, number: number): { lat: number; lon: number } {
  const t = (number - block.from) / (block.to - block.from + 1)
  return {
    lat: Number((block.start[0] + (block.end[0] - block.start[0]) * t).toFixed(7)),
    lon: Number((block.start[1] + (block.end[1] - block.start[1]) * t).toFixed(7)),
  }
}

function answer(query: URLSearchParams) {
  const direccion = query.get('direccion') ?? ''
  const province = query.get('provincia')
  const max = Number(query.get('max') ?? 10)
  const match = /^(.*?)\s+(\d+)\s*$/.exec(fold(direccion))
  const found = match
    ? FAKE_GEOREF_BLOCKS.filter(
        (b) =>
          fold(b.street) === match[1]!.replace(/^(CALLE|AV|AVENIDA)\s+/, '') &&
          Number(match[2]) >= b.from &&
          Number(match[2]) <= b.to &&
          (!province || province === b.province.id || fold(province) === fold(b.province.nombre)),
      )
    : []
  const direcciones = found.slice(0, max).map((b) => {
    const number = Number(match![2])
    return {
      altura: { unidad: null, valor: number },
      calle: { categoria: b.category, id: b.streetId, nombre: b.street },
      calle_cruce_1: { categoria: null, id: null, nombre: null },
      calle_cruce_2: { categoria: null, id: null, nombre: null },
      departamento: b.department,
      localidad_censal: b.locality,
      nomenclatura: `${b.street} ${number}, ${b.department.nombre}, ${b.province.nombre}`,
      piso: null,
      provincia: b.province,
      ubicacion: fakeGeorefDoor(b, number),
    }
  })
  return {
    cantidad: direcciones.length,
    direcciones,
    inicio: 0,
    parametros: Object.fromEntries(query.entries()),
    total: direcciones.length,
  }
}

export async function startFakeGeoref(port = 0) {
  const requests: URLSearchParams[] = []
  let failures = 0
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    if (req.method !== 'GET' || url.pathname !== '/direcciones') {
      res.writeHead(404, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ errores: [{ mensaje: 'Recurso no encontrado' }] }))
      return
    }
    requests.push(url.searchParams)
    if (failures > 0) {
      failures -= 1
      res.writeHead(503, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ errores: [{ mensaje: 'Servicio no disponible' }] }))
      return
    }
    if (!url.searchParams.get('direccion')) {
      res.writeHead(400, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ errores: [{ mensaje: 'El parámetro direccion es obligatorio' }] }))
      return
    }
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
    res.end(JSON.stringify(answer(url.searchParams)))
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const { port: bound } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${bound}`,
    requests,
    failNext(n: number) {
      failures = n
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const port = Number(process.argv[2] ?? 0)
  const fake = await startFakeGeoref(port)
  console.log(`fake georef listening on ${fake.baseUrl}`)
}

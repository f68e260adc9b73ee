// autocannon ships no types: the part of its programmatic API the benches use.
declare module 'autocannon' {
  type Request = { path: string; [key: string]: unknown }
  type Options = {
    url: string
    connections?: number
    duration?: number
    requests?: Array<{ setupRequest?: (req: Request) => Request }>
  }
  type Histogram = { average: number; p50: number; p99: number; [key: string]: number }
  type Result = { requests: Histogram; latency: Histogram; errors: number; non2xx: number }
  export default function autocannon(options: Options): Promise<Result>
}

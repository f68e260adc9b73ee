import autocannon from 'autocannon'
const base = process.argv[2]
const paths = process.argv.slice(3)
for (const p of paths) {
  const r = await autocannon({ url: base + p, connections: 50, duration: Number(process.env.D ?? 5) })
  console.log(p.padEnd(60), Math.round(r.requests.average), 'req/s p50', r.latency.p50, 'p99', r.latency.p99, 'non2xx', r.non2xx, 'err', r.errors)
}

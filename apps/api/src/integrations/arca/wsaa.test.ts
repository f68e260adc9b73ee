import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeArca, type FakeArca } from '../../../test/fake-arca.ts'
import { generateKeyAndCsr } from './certificate.ts'
import { createArcaClient } from './client.ts'
import { buildTra, signTra } from './wsaa.ts'

// Interoperability with OpenSSL's CMS (what ARCA's own manual signs the TRA with): Debian's openssl.
describe('WSAA ticket request', () => {
  let arca: FakeArca
  let dir: string
  let files: { cert: string; key: string; ca: string }

  beforeAll(async () => {
    arca = await startFakeArca()
    dir = mkdtempSync(join(tmpdir(), 'barrio-wsaa-'))
    const keys = generateKeyAndCsr({ cuit: '20123456786', legalName: 'Almacén Tito S.R.L.', alias: 'tito' })
    files = { cert: join(dir, 'cert.pem'), key: join(dir, 'key.pem'), ca: join(dir, 'ca.pem') }
    writeFileSync(files.cert, arca.issueCertificate(keys.csrPem))
    writeFileSync(files.key, keys.privateKeyPem)
    writeFileSync(files.ca, arca.caCertificatePem)
  })
  afterAll(async () => {
    await arca?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('builds a loginTicketRequest valid ten minutes either side of now, in Argentina time', () => {
    const tra = buildTra('wsfe', new Date('2026-11-29T17:00:00Z'))
    expect(tra).toContain('<loginTicketRequest version="1.0">')
    expect(tra).toContain('<uniqueId>1795971600</uniqueId>')
    expect(tra).toContain('<generationTime>2026-11-29T13:50:00-03:00</generationTime>')
    expect(tra).toContain('<expirationTime>2026-11-29T14:10:00-03:00</expirationTime>')
    expect(tra).toContain('<service>wsfe</service>')
  })

  it('signs a CMS that OpenSSL verifies against the CA, with the TRA attached', () => {
    const tra = buildTra('wsfe', new Date())
    const cms = join(dir, 'tra.cms')
    writeFileSync(cms, Buffer.from(signTra(tra, readFileSync(files.cert, 'utf8'), readFileSync(files.key, 'utf8')), 'base64'))
    const content = execFileSync('openssl', ['cms', '-verify', '-inform', 'DER', '-in', cms, '-CAfile', files.ca, '-purpose', 'any'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    expect(content).toBe(tra)
    const printed = execFileSync('openssl', ['cms', '-cmsout', '-print', '-inform', 'DER', '-in', cms], { encoding: 'utf8' })
    expect(printed).toContain('sha256')
    expect(printed).toContain('signingTime')
    expect(printed).toContain('messageDigest')
    expect(printed).toContain('contentType')
  })

  it('the loopback WSAA accepts a TRA signed by OpenSSL and refuses one signed by a stranger', async () => {
    const tra = join(dir, 'tra.xml')
    writeFileSync(tra, buildTra('wsfe', new Date()))
    const der = execFileSync('openssl', ['cms', '-sign', '-in', tra, '-signer', files.cert, '-inkey', files.key, '-nodetach', '-outform', 'DER'])
    const envelope = (cms: Buffer) =>
      '<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:wsaa="http://wsaa.view.sua.dvadac.desein.afip.gov">' +
      `<soapenv:Body><wsaa:loginCms><wsaa:in0>${cms.toString('base64')}</wsaa:in0></wsaa:loginCms></soapenv:Body></soapenv:Envelope>`
    const post = (body: string) =>
      fetch(arca.wsaaUrl, { method: 'POST', headers: { 'content-type': 'text/xml; charset=utf-8', SOAPAction: '""' }, body })
    const ok = await post(envelope(der))
    expect(ok.status).toBe(200)
    expect(await ok.text()).toContain('&lt;token&gt;')

    const stranger = generateKeyAndCsr({ cuit: '20123456786', legalName: 'X', alias: 'x' })
    const strangerKey = join(dir, 'stranger.pem')
    writeFileSync(strangerKey, stranger.privateKeyPem)
    // OpenSSL refuses a key that is not the certificate's; sign with a self-made certificate instead.
    const selfCert = join(dir, 'self.pem')
    execFileSync('openssl', ['req', '-new', '-x509', '-key', strangerKey, '-subj', '/C=AR/CN=x/serialNumber=CUIT 20123456786', '-days', '30', '-out', selfCert])
    const foreign = execFileSync('openssl', ['cms', '-sign', '-in', tra, '-signer', selfCert, '-inkey', strangerKey, '-nodetach', '-outform', 'DER'])
    const refused = await post(envelope(foreign))
    expect(refused.status).toBe(500)
    expect(await refused.text()).toContain('ns1:cms.cert.untrusted')
  })

  it('the client logs in with the ticket the TRA buys', async () => {
    const keys = generateKeyAndCsr({ cuit: '20123456786', legalName: 'Almacén Tito S.R.L.', alias: 'otro' })
    const client = createArcaClient({ wsaaUrl: arca.wsaaUrl, wsfeUrl: arca.wsfeUrl, timeoutMs: 10_000 })
    const ticket = await client.login({ certificatePem: arca.issueCertificate(keys.csrPem), privateKeyPem: keys.privateKeyPem })
    const sso = Buffer.from(ticket.token, 'base64').toString('utf8')
    expect(sso).toContain('<relation key="20123456786" reltype="4"/>')
    expect(sso).toContain('service="wsfe"')
  })
})

import { describe, expect, it } from 'vitest'
import { secondFactorOf, toSessionUser, type UserRow } from './users.service.ts'

describe('session user', () => {
  it('carries identity, role and contact to other modules, never the password hash or bookkeeping', () => {
    const row: UserRow = {
      id: '6f1c1b1e-0000-4000-8000-000000000001',
      email: 'ana@example.com',
      userName: 'ana',
      passwordHash: '$argon2id$secret',
      emailVerifiedAt: new Date('2026-01-01T00:00:00Z'),
      userType: 'customer',
      merchantApprovedAt: null,
      needsProfile: false,
      firstName: 'Ana',
      lastName: 'Pérez',
      phone: '+5491122334455',
      preferredPaymentMethod: 'cash',
      totpSecret: 'v1.sealed',
      totpPendingSecret: null,
      totpEnabledAt: null,
      totpLastStep: 12345,
      createdAt: new Date('2026-01-01T00:00:00Z'),
      updatedAt: new Date('2026-01-01T00:00:00Z'),
    }
    const user = toSessionUser(row)
    expect(user).not.toHaveProperty('passwordHash')
    expect(user).not.toHaveProperty('emailVerifiedAt')
    expect(user).not.toHaveProperty('merchantApprovedAt')
    expect(user).not.toHaveProperty('totpSecret')
    expect(user).not.toHaveProperty('totpLastStep')
    expect(user).toMatchObject({
      id: row.id,
      userType: 'customer',
      emailVerified: true,
      merchantApproved: false,
      secondFactor: 'none',
    })
  })

  it('owes the second factor: operators enrol, enrolled accounts confirm it in each session', () => {
    const at = new Date('2026-01-01T00:00:00Z')
    expect(secondFactorOf({ userType: 'operator', totpEnabledAt: null }, null)).toBe('enrol')
    expect(secondFactorOf({ userType: 'operator', totpEnabledAt: at }, null)).toBe('verify')
    expect(secondFactorOf({ userType: 'operator', totpEnabledAt: at }, at)).toBe('done')
    expect(secondFactorOf({ userType: 'admin', totpEnabledAt: null }, null)).toBe('none')
    expect(secondFactorOf({ userType: 'admin', totpEnabledAt: at }, null)).toBe('verify')
  })
})

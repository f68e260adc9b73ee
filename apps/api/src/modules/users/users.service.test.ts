import { describe, expect, it } from 'vitest'
import { toSessionUser, type UserRow } from './users.service.ts'

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
      createdAt: new Date('2026-01-01T00:00:00Z'),
      updatedAt: new Date('2026-01-01T00:00:00Z'),
    }
    const user = toSessionUser(row)
    expect(user).not.toHaveProperty('passwordHash')
    expect(user).not.toHaveProperty('emailVerifiedAt')
    expect(user).not.toHaveProperty('merchantApprovedAt')
    expect(user).toMatchObject({
      id: row.id,
      userType: 'customer',
      emailVerified: true,
      merchantApproved: false,
    })
  })
})

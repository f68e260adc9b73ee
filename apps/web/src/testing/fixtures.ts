import { userSchema, type User } from '@barrio/contracts/users'

/** Users built through the contract schema, so fixtures cannot drift from it. */
export function buildUser(overrides: Partial<User> = {}): User {
  return userSchema.parse({
    _id: 'u_1',
    userType: 'customer',
    needsProfile: false,
    firstName: 'Lucía',
    lastName: 'Pérez',
    userName: 'lucia',
    phone: '+5491123456789',
    email: 'lucia@example.com',
    emailVerified: true,
    merchantApproved: false,
    ...overrides,
  })
}

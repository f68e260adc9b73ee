import type { SecondFactorState } from '@barrio/contracts/operator'
import type { UserRow, UsersRepository } from './users.repository.ts'

export type { UserRow }

/**
 * What a request knows about its signed-in user (`request.user`) and what other modules' services
 * receive: identity, role and contact, never the password hash or the verification bookkeeping.
 */
export type SessionUser = Pick<
  UserRow,
  | 'id'
  | 'userType'
  | 'needsProfile'
  | 'firstName'
  | 'lastName'
  | 'userName'
  | 'phone'
  | 'email'
  | 'preferredPaymentMethod'
> & {
  emailVerified: boolean
  /** An approved merchant: may open stores of its own (team members may not; decision 029). */
  merchantApproved: boolean
  /** Where this session stands with the account's second factor (issue 24, decision 043). */
  secondFactor: SecondFactorState
}

/**
 * The second factor of a session: an account with TOTP must confirm it in each session; an
 * operator without one must enrol before anything else; everyone else needs none.
 */
export function secondFactorOf(
  row: Pick<UserRow, 'userType' | 'totpEnabledAt'>,
  confirmedAt: Date | null,
): SecondFactorState {
  if (row.totpEnabledAt) return confirmedAt ? 'done' : 'verify'
  return row.userType === 'operator' ? 'enrol' : 'none'
}

export function toSessionUser(row: UserRow, secondFactorAt: Date | null = null): SessionUser {
  return {
    id: row.id,
    userType: row.userType,
    needsProfile: row.needsProfile,
    firstName: row.firstName,
    lastName: row.lastName,
    userName: row.userName,
    phone: row.phone,
    email: row.email,
    preferredPaymentMethod: row.preferredPaymentMethod,
    emailVerified: row.emailVerifiedAt !== null,
    merchantApproved: row.merchantApprovedAt !== null,
    secondFactor: secondFactorOf(row, secondFactorAt),
  }
}

/** The public shape of a user (spec section 3), never the password hash. */
export function toUserDto(user: UserRow | SessionUser) {
  return {
    _id: user.id,
    userType: user.userType,
    needsProfile: user.needsProfile,
    firstName: user.firstName,
    lastName: user.lastName,
    userName: user.userName,
    phone: user.phone,
    email: user.email,
    emailVerified: 'emailVerified' in user ? user.emailVerified : user.emailVerifiedAt !== null,
    merchantApproved:
      'merchantApproved' in user ? user.merchantApproved : user.merchantApprovedAt !== null,
    // A user row is answered right after signing in: a new session has confirmed nothing yet.
    secondFactor: 'secondFactor' in user ? user.secondFactor : secondFactorOf(user, null),
  }
}

/**
 * The users table for the modules that manage people (auth: credentials and sign-up; accounts:
 * profile; oauth: provider sign-in). The rules about who may do what live in those modules; this
 * service is the one door to the rows, built once (`app.usersService`).
 */
export function createUsersService(repository: UsersRepository) {
  return {
    findById: repository.findById,
    findByEmail: repository.findByEmail,
    findByIds: repository.findByIds,
    updateWith: repository.updateWith,
    customerAgainUnlessMerchant: repository.customerAgainUnlessMerchant,
    findByLogin: repository.findByLogin,
    isUserNameTaken: repository.isUserNameTaken,
    /** Inserts inside the caller's transaction (pass `tx`), or alone with the database. */
    insertWith: repository.insertWith,
    update: repository.update,
  }
}
export type UsersService = ReturnType<typeof createUsersService>

import type { FastifyReply } from 'fastify'
import { toUserDto, type SessionUser, type UserRow } from '../users/users.service.ts'
import { SESSION_TTL_MS } from './auth.service.ts'

export const SESSION_COOKIE = 'barrio_session'
/** The readable cookie the client reads at start (spec section 3: the saved user). */
export const USER_COOKIE = 'user'

export function setSessionCookies(
  reply: FastifyReply,
  token: string,
  user: UserRow | SessionUser,
  secure: boolean,
) {
  const maxAge = Math.floor(SESSION_TTL_MS / 1000)
  void reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge,
  })
  setUserCookie(reply, user, secure)
}

/** Refreshes the readable user cookie after the profile or the user type changes. */
export function setUserCookie(reply: FastifyReply, user: UserRow | SessionUser, secure: boolean) {
  const maxAge = Math.floor(SESSION_TTL_MS / 1000)
  void reply.setCookie(USER_COOKIE, JSON.stringify(toUserDto(user)), {
    path: '/',
    httpOnly: false,
    sameSite: 'lax',
    secure,
    maxAge,
  })
}

export function clearSessionCookies(reply: FastifyReply) {
  void reply.clearCookie(SESSION_COOKIE, { path: '/' })
  void reply.clearCookie(USER_COOKIE, { path: '/' })
}

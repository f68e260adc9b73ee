/** The provider says the token is no longer a device's: remove it and do not retry. */
export class PushTokenGoneError extends Error {
  override name = 'PushTokenGoneError'
}
/** The provider refused the message itself (not the token): retrying will not help. */
export class PushRejectedError extends Error {
  override name = 'PushRejectedError'
}

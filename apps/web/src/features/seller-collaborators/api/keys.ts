import { storeAreaKeys } from '@/lib/admin-query-keys'

/** A store's team: its pages and each person or invitation. */
export const sellerCollaboratorKeys = storeAreaKeys('collaborators')

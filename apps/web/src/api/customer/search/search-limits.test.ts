import {
  SUGGEST_LIMIT as CONTRACT_LIMIT,
  SUGGEST_MIN_LENGTH as CONTRACT_MIN,
} from '@barrio/contracts/search'
import { expect, test } from 'vitest'

import { SUGGEST_LIMIT, SUGGEST_MIN_LENGTH } from '@/api/customer/search/search-limits'

test("the web's zod-free copies of the suggestion limits equal the contract's", () => {
  expect(SUGGEST_MIN_LENGTH).toBe(CONTRACT_MIN)
  expect(SUGGEST_LIMIT).toBe(CONTRACT_LIMIT)
})

import { afterEach, expect, test, vi } from 'vitest'

import { yieldToBrowser } from '@/lib/yield-to-browser'

afterEach(() => vi.unstubAllGlobals())

test('without scheduler.yield it resumes in a later task, after timers already queued', async () => {
  const order: string[] = []
  setTimeout(() => order.push('queued timer'), 0)
  await yieldToBrowser()
  order.push('after the yield')
  expect(order).toEqual(['queued timer', 'after the yield'])
})

test('uses scheduler.yield where the browser has it', async () => {
  const schedulerYield = vi.fn(() => Promise.resolve())
  vi.stubGlobal('scheduler', { yield: schedulerYield })
  await yieldToBrowser()
  expect(schedulerYield).toHaveBeenCalledOnce()
})

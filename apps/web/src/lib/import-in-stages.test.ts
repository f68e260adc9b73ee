import { describe, expect, test } from 'vitest'

import { importInStages } from '@/lib/import-in-stages'

describe('importInStages', () => {
  test('imports in order, gives the browser a task between stages, and only once', async () => {
    const events: string[] = []
    const stage = (name: string) => () => {
      events.push(name)
      // A task queued now runs before the next stage only if the stages yield between them.
      setTimeout(() => events.push(`task after ${name}`), 0)
      return Promise.resolve()
    }
    const evaluate = importInStages([stage('a'), stage('b'), stage('c')])

    await evaluate()
    expect(events.filter((e) => !e.startsWith('task'))).toEqual(['a', 'b', 'c'])
    expect(events.indexOf('task after a')).toBeLessThan(events.indexOf('b'))
    expect(events.indexOf('task after b')).toBeLessThan(events.indexOf('c'))

    const calls = events.length
    await Promise.all([evaluate(), evaluate()])
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(events).toHaveLength(calls) // no stage imported again
  })

  test('a failed stage fails the evaluation, and the next call tries again', async () => {
    let attempts = 0
    const evaluate = importInStages([
      () => (++attempts === 1 ? Promise.reject(new Error('chunk failed')) : Promise.resolve()),
    ])
    await expect(evaluate()).rejects.toThrow('chunk failed')
    await expect(evaluate()).resolves.toBeUndefined()
    expect(attempts).toBe(2)
  })
})

import { act, render } from '@testing-library/react'
import { startTransition, useLayoutEffect } from 'react'
import { describe, expect, test } from 'vitest'

import { useAnswerInBackground } from '@/api/customer/catalog/use-answer-in-background'

type Answer = { docs: string[] }

/** Records what each commit showed: the cards, or the skeleton while there is no answer. */
function renderList(commits: string[]) {
  function List({ answer }: { answer: Answer | undefined }) {
    const shown = useAnswerInBackground(answer)
    const view = shown ? shown.docs.join(',') : 'skeleton'
    useLayoutEffect(() => {
      commits.push(view)
    })
    return <p>{view}</p>
  }
  return List
}

describe('a catalogue answer rendered in the background', () => {
  test('an answer that arrives after the page is up: the skeleton stays one commit, then the cards', () => {
    const commits: string[] = []
    const List = renderList(commits)
    const { rerender } = render(<List answer={undefined} />)
    rerender(<List answer={{ docs: ['café', 'taza'] }} />)
    expect(commits).toEqual(['skeleton', 'skeleton', 'café,taza'])
  })

  test('an answer already there at the first render comes back at once', () => {
    const commits: string[] = []
    const List = renderList(commits)
    render(<List answer={{ docs: ['café'] }} />)
    expect(commits).toEqual(['café'])
  })

  test('an answer that arrives inside a transition renders in that transition, without a second pass', () => {
    const commits: string[] = []
    const List = renderList(commits)
    const { rerender } = render(<List answer={undefined} />)
    act(() => startTransition(() => rerender(<List answer={{ docs: ['café'] }} />)))
    expect(commits).toEqual(['skeleton', 'café'])
  })
})

import { lazy, Suspense, useState, type ComponentType } from 'react'

import { loadDeferredStyles } from '@/lib/styles/load-deferred-styles'

/**
 * A dialog or drawer whose code loads the first time it opens (decision 016): the first page does
 * not download forms it may never show. It mounts afresh at each opening, so its portal is the
 * last one in <body> and it stacks above a dialog opened before it (the login modal over the cart
 * drawer), and stays mounted once closed, so its closing transition still runs.
 */
export function lazyOnOpen<P extends object = object>(load: () => Promise<ComponentType<P>>) {
  // Dialogs use components outside the first page's CSS: wait for the rest of it too.
  const Component = lazy(async () => {
    const [component] = await Promise.all([load(), loadDeferredStyles()])
    return { default: component }
  })
  return function LazyOnOpen({ open, ...props }: { open: boolean } & P) {
    const [state, setState] = useState({ open, openings: open ? 1 : 0 })
    if (open !== state.open) setState({ open, openings: state.openings + (open ? 1 : 0) })
    if (state.openings === 0) return null
    return (
      <Suspense fallback={null}>
        <Component key={state.openings} {...(props as P)} />
      </Suspense>
    )
  }
}

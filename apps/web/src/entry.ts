// The page's entry (decision 032): React and the router evaluate in this task, the app (main.tsx)
// in the next one. All of the first page's code evaluated at once was one task of 30-50 ms on this
// machine, 120-200 ms on a phone (issue 10, blocking time). index.html's loader preloads the app's
// chunks with this one, so the import below waits on no network.
import 'react-dom/client'
import 'react-router'

// Not lib/yield-to-browser.ts: whatever this module imports is evaluated in this task, and that
// module belongs to the app's chunk.
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

void nextTask().then(() => import('@/main'))

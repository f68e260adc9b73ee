/// <reference types="vitest/config" />
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import react from '@vitejs/plugin-react'
import type { OutputBundle } from 'rolldown'
import { defineConfig, type Plugin } from 'vite'
import { chunkPlan } from './build/chunk-plan.ts'

/**
 * Moves the built stylesheets from <head> to just after the app shell in <body> (decision 016):
 * a stylesheet in <head> holds the first paint until it arrives, one in <body> holds only what
 * follows it, so the shell (inline CSS) paints from the HTML alone. The module script still
 * waits for the stylesheets, so React never renders unstyled.
 */
function moveStylesheetsAfterShell(html: string): string {
  const links = html.match(/<link rel="stylesheet"[^>]*>/g) ?? []
  let out = html
  for (const link of links) out = out.replace(link, '')
  return out.replace('<div id="root"></div>', [...links, '<div id="root"></div>'].join('\n    '))
}

/** The app: src/entry.ts imports it once React has evaluated, in a task of its own (decision 032). */
const APP_MODULE = 'src/main.tsx'
/** The home page's lazy chunk: the most common first page. */
const HOME_PAGE = 'src/app/routes/shop/home.tsx'
/** What a lazy page waits for besides its chunk (router.tsx, lazyPage): Mantine's other CSS. */
const DEFERRED_STYLES = 'src/lib/styles/mantine-deferred.ts'

/**
 * Pages a phone often opens first that are not the home page (issue 29): the chunks of their
 * route (and the deferred CSS a lazy page waits for) are preloaded with the entry when the path
 * matches, instead of the home page's. Without it their code was a chain: the entry, then the
 * router asking for the page's chunk, then that chunk's imports, a round trip each on slow 4G
 * before the page could paint. The pattern is matched against `location.pathname` by the loader.
 */
const ROUTE_PRELOADS: Array<{ path: string; modules: string[] }> = [
  {
    path: '^/checkout/[^/]+/review/?$',
    modules: ['src/app/routes/checkout/checkout-review.tsx', DEFERRED_STYLES],
  },
  {
    path: '^/admin(/dashboard)?/?$',
    modules: [
      'src/app/routes/admin/admin-shell.tsx',
      'src/app/routes/admin/dashboard.tsx',
      DEFERRED_STYLES,
    ],
  },
  { path: '^/search/?$', modules: ['src/app/routes/shop/search.tsx', DEFERRED_STYLES] },
  // A shop's or a product's link (shared, or from a search engine) opened on a phone: the page's
  // ~24 files came through Vite's preload helper, whose link elements were ~240 ms of the boot's
  // task at 4x CPU on a first visit (bench/README.md, Lighthouse, eleventh pass).
  {
    path: '^/shops/[^/]+/products/[^/]+/?$',
    modules: ['src/app/routes/shop/product.tsx', DEFERRED_STYLES],
  },
  { path: '^/shops/[^/]+/?$', modules: ['src/app/routes/shop/shop.tsx', DEFERRED_STYLES] },
]

/** What the loader preloads for a path: the first matching route's files, else the home page's. */
type RoutePreload = { path: string; scripts: string[]; styles: string[] }
let routePreloads: RoutePreload[] = []

/**
 * The app's chunk and the home page's, with everything they import, are preloaded with the entry
 * (the loader adds the modulepreload links), not fetched when imported: slow 4G would otherwise
 * pay a round trip at each step. The app's CSS is a stylesheet in the page, as an entry's CSS
 * would be (it styles every page); the home page's is only preloaded. The pages of ROUTE_PRELOADS
 * are left to the loader (`routePreloads`).
 */
function preloadFirstChunks(html: string, bundle: OutputBundle | undefined): string {
  const outputs = Object.values(bundle ?? {})
  const chunks = outputs.filter((file) => file.type === 'chunk')
  const chunkOf = (module: string) => {
    // main.tsx is captured by the app-initial group: it is in that chunk, not a facade of its own.
    const chunk =
      chunks.find((c) => c.facadeModuleId?.endsWith(module)) ??
      chunks.find((c) => c.moduleIds.some((id) => id.endsWith(module)))
    if (!chunk) throw new Error(`no chunk holds ${module}: the loader would not preload it`)
    return chunk.fileName
  }
  /** A module's chunk and its static imports, with their CSS; `seen` files are left out. */
  const closure = (modules: string[], seen: Set<string>) => {
    const files = new Set<string>()
    const css = new Set<string>()
    const visit = (fileName: string) => {
      if (files.has(fileName) || seen.has(fileName)) return
      files.add(fileName)
      const chunk = chunks.find((c) => c.fileName === fileName)
      chunk?.viteMetadata?.importedCss.forEach((file) => css.add(file))
      chunk?.imports.forEach(visit)
    }
    for (const module of modules) {
      // A CSS-only module (the deferred styles) leaves no chunk: its stylesheet is an asset.
      if (module === DEFERRED_STYLES) {
        const sheet = outputs.find(
          (o) => o.type === 'asset' && /(^|\/)mantine-deferred-[^/]+\.css$/.test(o.fileName),
        )
        if (!sheet)
          throw new Error('no mantine-deferred stylesheet: the loader would not preload it')
        css.add(sheet.fileName)
      } else visit(chunkOf(module))
    }
    return { files, css }
  }
  const app = closure([APP_MODULE], new Set())
  const home = closure([HOME_PAGE], app.files)
  routePreloads = ROUTE_PRELOADS.map(({ path, modules }) => {
    const route = closure(modules, app.files)
    return {
      path,
      scripts: [...route.files].map((file) => `/${file}`),
      styles: [...route.css].filter((file) => !app.css.has(file)).map((file) => `/${file}`),
    }
  })
  // The home page's files stay in the HTML (the loader takes its modulepreload links as the
  // default set); its CSS is a preload any page may use.
  const links = [
    ...[...app.files, ...home.files]
      .filter((file) => !html.includes(`/${file}"`))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    ...[...app.css]
      .filter((file) => !html.includes(`/${file}"`))
      .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...[...home.css]
      .filter((file) => !app.css.has(file) && !html.includes(`/${file}"`))
      .map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
  ]
  homeScripts = [...home.files].map((file) => `/${file}`)
  return html.replace('</head>', `  ${links.join('\n    ')}\n  </head>`)
}

/** The home page's own scripts: the loader preloads them only when no other route matches. */
let homeScripts: string[] = []

/**
 * The modules of our own source that main.tsx imports statically, collected once the module graph
 * is complete. They make the app-initial chunk, as when main.tsx was the entry; the packages they
 * use follow them in (the group's dependencies). Without it, automatic splitting would cut a
 * dynamically imported graph into dozens of small chunks, a round trip each on slow 4G.
 */
function sourceGraphOf(rootSuffix: string) {
  const ids = new Set<string>()
  const plugin: Plugin = {
    name: 'barrio:source-graph',
    apply: 'build',
    buildEnd() {
      const root = [...this.getModuleIds()].find((id) => id.endsWith(rootSuffix))
      if (!root) throw new Error(`${rootSuffix} is not in the module graph`)
      ids.clear() // a watch rebuild collects the graph afresh
      const visit = (id: string) => {
        // Packages are reached as dependencies; virtual modules (\0...) are Vite's own helpers.
        if (ids.has(id) || id.includes('node_modules') || id.startsWith('\0')) return
        ids.add(id)
        this.getModuleInfo(id)?.importedIds.forEach(visit)
      }
      visit(root)
    },
  }
  return { plugin, has: (id: string) => ids.has(id) }
}

const appSource = sourceGraphOf(APP_MODULE)

/** Source text length under which a module shared by the seller's first page joins `small`. */
const SMALL_MODULE = 2048
/** The catalogue's own modules: one chunk shared by home, shops, shop and product. */
const CATALOG = /src[\\/](features[\\/]catalog|api[\\/]customer[\\/]catalog)[\\/]/
/** Chunk roots of the seller's and the operator's pages: customers never load them. */
const SELLER_AREA =
  /src[\\/](app[\\/]routes[\\/](admin|operator)|components[\\/]layouts[\\/]admin-layout|features[\\/]admin-|api[\\/]admin[\\/])/
const plan = chunkPlan({
  appModule: APP_MODULE,
  homePage: HOME_PAGE,
  sellerRoots: ['src/app/routes/admin/admin-shell.tsx', 'src/app/routes/admin/dashboard.tsx'],
  inSellerArea: (id) => SELLER_AREA.test(id),
  isCatalog: (id) => CATALOG.test(id),
  smallModuleChars: SMALL_MODULE,
})

/**
 * The app's scripts at low fetch priority (decision 020, last addendum): the page's largest image
 * is drawn by the shell from index.html's early API requests, and those requests and that image
 * go first on a slow connection; the scripts follow right behind (same order among themselves).
 */
function scriptsAfterFirstImage(html: string): string {
  return html
    .replace(
      /<script type="module" crossorigin src=/g,
      '<script type="module" crossorigin fetchpriority="low" src=',
    )
    .replace(
      /<link rel="modulepreload" crossorigin href=/g,
      '<link rel="modulepreload" crossorigin fetchpriority="low" href=',
    )
}

/**
 * The app's code downloads and starts once the shell's image has painted
 * (`window.__barrioShellPaint`, set by index.html's early scripts; absent when the shell draws
 * none, capped at 2 s) and the document is parsed: on slow 4G the ~200 KB of scripts would
 * otherwise share the line with the page's largest image, and their evaluation and the first
 * render are the longest tasks of a phone's start. So the modulepreload links are not in the
 * HTML: the loader adds them then, and runs the entry once the stylesheets are in (decision 020).
 */
function entryAfterShellPaint(html: string): string {
  const entry = /<script type="module" crossorigin fetchpriority="low" src="([^"]+)"><\/script>/
  const match = entry.exec(html)
  if (!match) return html
  const src = match[1]!
  const preloadLink =
    /\s*<link rel="modulepreload" crossorigin fetchpriority="low" href="([^"]+)">/g
  const all = [src, ...[...html.matchAll(preloadLink)].map((m) => m[1]!)]
  const preloads = all.filter((href) => !homeScripts.includes(href))
  const home = all.filter((href) => homeScripts.includes(href))
  const routes = routePreloads.map(({ path, scripts, styles }) => [path, scripts, styles])
  const loader = [
    '<script>',
    '      ;(function () {',
    '        var parsed = new Promise(function (resolve) {',
    "          if (document.readyState !== 'loading') resolve()",
    "          else document.addEventListener('DOMContentLoaded', function () { resolve() })",
    '        })',
    '        var sheets = function () {',
    '          var links = [].slice.call(document.querySelectorAll(\'link[rel="stylesheet"]\'))',
    '          return Promise.all(links.map(function (link) {',
    '            return link.sheet ? null : new Promise(function (resolve) {',
    "              link.addEventListener('load', resolve)",
    "              link.addEventListener('error', resolve)",
    '            })',
    '          }))',
    '        }',
    `        var preloads = ${JSON.stringify([...new Set(preloads)])}`,
    // The page's own chunks: a route of ROUTE_PRELOADS when its pattern matches, else the home's.
    `        var routes = ${JSON.stringify(routes)}`,
    `        var pageFiles = [${JSON.stringify(home)}, []]`,
    '        for (var r = 0; r < routes.length; r++) {',
    '          if (new RegExp(routes[r][0]).test(window.location.pathname)) {',
    '            pageFiles = [routes[r][1], routes[r][2]]',
    '            break',
    '          }',
    '        }',
    // Each link costs the main thread ~0.25 ms (a modulepreload starts its fetch): the 30-40 of a
    // seller page were one task of 8-12 ms here, 30-46 ms at a phone's 4x (issue 29, blocking
    // time). Added a few per task instead.
    '        var link = function (rel, href) {',
    "          var el = document.createElement('link')",
    '          el.rel = rel',
    "          if (rel === 'preload') el.as = 'style'",
    "          el.crossOrigin = ''",
    '          el.href = href',
    '          return el',
    '        }',
    '        var addLinks = function (links) {',
    '          return new Promise(function (resolve) {',
    '            var step = function () {',
    '              links.splice(0, 6).forEach(function (el) { document.head.appendChild(el) })',
    '              if (links.length) setTimeout(step, 0)',
    '              else resolve()',
    '            }',
    '            step()',
    '          })',
    '        }',
    '        Promise.all([window.__barrioShellPaint, parsed]).then(function () {',
    '          return addLinks(',
    "            preloads.concat(pageFiles[0]).map(function (href) { return link('modulepreload', href) })",
    "              .concat(pageFiles[1].map(function (href) { return link('preload', href) }))",
    '          )',
    '        }).then(sheets).then(function () {',
    "          var script = document.createElement('script')",
    "          script.type = 'module'",
    "          script.crossOrigin = ''",
    `          script.src = '${src}'`,
    '          document.body.appendChild(script)',
    '        })',
    '      })()',
    '    </script>',
  ].join('\n')
  return html.replace(preloadLink, '').replace(match[0], loader)
}

function appShellHtml(): Plugin {
  return {
    name: 'barrio:app-shell-html',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html, ctx) =>
        entryAfterShellPaint(
          scriptsAfterFirstImage(moveStylesheetsAfterShell(preloadFirstChunks(html, ctx.bundle))),
        ),
    },
  }
}

/**
 * React Router 7's package exports only its development build (remix-run/react-router#14102: dev
 * warnings on, extra checks on every navigation). Production builds take the production build the
 * package ships beside it, as React's own `NODE_ENV` switch would.
 */
function reactRouterProductionBuild(): string {
  const packageJson = createRequire(import.meta.url).resolve('react-router/package.json')
  return path.join(path.dirname(packageJson), 'dist/production/index.mjs')
}

// The API serves dist/ on the same origin; during `vite dev` we proxy /api to it.
export default defineConfig(({ command }) => ({
  plugins: [react(), appShellHtml(), appSource.plugin, plan.plugin],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      ...(command === 'build'
        ? [{ find: /^react-router$/, replacement: reactRouterProductionBuild() }]
        : []),
    ],
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: process.env.BARRIO_SOURCEMAP === '1',
    rolldownOptions: {
      // These run no code on import (they only define components and hooks) but do not say so in
      // their package.json, so their unused parts stayed in the first page's bundle.
      treeshake: {
        moduleSideEffects: (id: string) =>
          !/node_modules[\\/](react-remove-scroll|react-remove-scroll-bar|use-sidecar|react-style-singleton|use-callback-ref)[\\/]/.test(
            id,
          ),
      },
      output: {
        // React and the router change rarely: a separate chunk stays cached across deploys.
        // What main.tsx imports statically is one chunk (app-initial, sourceGraphOf). The catalogue (cards,
        // grids, API hooks, with the Mantine parts they use) is one chunk shared by home, shops,
        // shop and product, so the home page preloads a handful of files instead of twenty tiny
        // ones (slow 4G pays a round trip each). Measured: 10 first-load files, 232 KB br.
        codeSplitting: {
          groups: [
            {
              // Vite's dynamic-import helper: the entry needs it before the app is evaluated.
              name: 'preload-helper',
              test: /vite[\\/]preload-helper/,
              priority: 4,
            },
            {
              name: 'vendor-react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
              priority: 3,
            },
            {
              name: 'app-initial',
              test: (id) => appSource.has(id) || plan.homeShared(id),
              priority: 2,
            },
            {
              name: 'seller',
              test: plan.seller,
              includeDependenciesRecursively: false,
              priority: 2,
            },
            {
              name: 'shared-small',
              test: plan.small,
              includeDependenciesRecursively: false,
              priority: 2,
            },

            {
              name: 'catalog',
              test: CATALOG,
              minShareCount: 2,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup-tests.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
    pool: 'threads',
    maxWorkers: 2,
    // A hang guard, not a speed check: room for a 2-core machine running other suites beside it.
    testTimeout: 60_000,
  },
}))

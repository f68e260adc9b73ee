import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { NATIVE_STATUS_BAR_COLOR } from '@barrio/contracts/constants'
import { NATIVE_SHELL, NATIVE_URL_SCHEME } from '@barrio/contracts/native-shell'
import { beforeAll, describe, expect, test } from 'vitest'

import capacitorConfig from '../../../capacitor.config'
import webPackage from '../../../package.json'

/**
 * What this machine can check of the Android and iOS projects without their SDKs (issue 15): the
 * manifests register the deep-link scheme, the permissions and the plugins, and `cap sync` (run
 * here, offline) succeeds, writes a configuration that agrees with capacitor.config.ts and leaves
 * the committed projects unchanged. Building an APK or IPA: docs/native.md.
 */

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
const read = (...parts: string[]) => readFileSync(path.join(webDir, ...parts), 'utf8')

const androidManifest = () => read('android/app/src/main/AndroidManifest.xml')
const infoPlist = () => read('ios/App/App/Info.plist')

/** The Capacitor plugins of package.json (everything under @capacitor/ but the platforms). */
const plugins = Object.keys(webPackage.dependencies)
  .filter((name) => name.startsWith('@capacitor/'))
  .filter((name) => !['@capacitor/core', '@capacitor/android', '@capacitor/ios'].includes(name))
  .sort()

/** Files `cap sync` regenerates that are committed (they name the plugins). */
const COMMITTED_GENERATED = [
  'android/capacitor.settings.gradle',
  'android/app/capacitor.build.gradle',
  'ios/App/Podfile',
]

describe('the Android project', () => {
  test('opens ar.barrio.app://auth/callback links in the app', () => {
    const manifest = androidManifest()
    const filters = manifest.match(/<intent-filter>[\s\S]*?<\/intent-filter>/g) ?? []
    const deepLink = filters.find((filter) => filter.includes('android.intent.action.VIEW'))
    expect(deepLink).toBeDefined()
    expect(deepLink).toContain('android.intent.category.BROWSABLE')
    expect(deepLink).toContain('android.intent.category.DEFAULT')
    expect(deepLink).toContain(`android:scheme="${NATIVE_URL_SCHEME}"`)
    expect(deepLink).toContain('android:host="auth"')
    // singleTask: the link reaches the running app (appUrlOpen) instead of a second copy.
    expect(manifest).toMatch(/android:launchMode="singleTask"/)
  })

  test('asks for the permissions pushes and the API need', () => {
    const manifest = androidManifest()
    expect(manifest).toContain('android.permission.INTERNET')
    expect(manifest).toContain('android.permission.POST_NOTIFICATIONS')
    expect(manifest).toContain('com.google.firebase.messaging.default_notification_channel_id')
  })

  test('uses the app id, and the dark green of the status bar', () => {
    expect(read('android/app/build.gradle')).toContain(`applicationId "${NATIVE_SHELL.appId}"`)
    expect(read('android/app/src/main/res/values/strings.xml')).toContain(
      `<string name="app_name">${NATIVE_SHELL.appName}</string>`,
    )
    expect(read('android/app/src/main/res/values/colors.xml').toLowerCase()).toContain(
      `<color name="colorprimarydark">${NATIVE_STATUS_BAR_COLOR}</color>`,
    )
  })

  test('builds every plugin of package.json', () => {
    const settings = read('android/capacitor.settings.gradle')
    for (const name of plugins)
      expect(settings).toContain(`include ':capacitor-${name.replace('@capacitor/', '')}'`)
  })
})

describe('the iOS project', () => {
  test('registers the ar.barrio.app URL scheme', () => {
    const urlTypes = /<key>CFBundleURLTypes<\/key>\s*<array>([\s\S]*?)<\/array>\s*<key>/.exec(
      infoPlist(),
    )
    expect(urlTypes?.[1]).toMatch(
      new RegExp(
        `<key>CFBundleURLSchemes</key>\\s*<array>\\s*<string>${NATIVE_URL_SCHEME}</string>`,
      ),
    )
  })

  test('may receive remote notifications, and hands the APNs token to the plugin', () => {
    expect(infoPlist()).toMatch(
      /<key>UIBackgroundModes<\/key>\s*<array>\s*<string>remote-notification<\/string>/,
    )
    expect(read('ios/App/App/App.entitlements')).toMatch(/<key>aps-environment<\/key>/)
    const project = read('ios/App/App.xcodeproj/project.pbxproj')
    expect(project.match(/CODE_SIGN_ENTITLEMENTS = App\/App.entitlements;/g)).toHaveLength(2)
    const delegate = read('ios/App/App/AppDelegate.swift')
    expect(delegate).toContain('capacitorDidRegisterForRemoteNotifications')
    expect(delegate).toContain('capacitorDidFailToRegisterForRemoteNotifications')
    expect(delegate).toContain('ApplicationDelegateProxy.shared.application(app, open: url')
  })

  test('runs the web view in a UIScene whose delegate hands URL opens to Capacitor', () => {
    // Capacitor 8.5 and Xcode 27: without the scene, ar.barrio.app:// links never reach appUrlOpen.
    expect(infoPlist()).toMatch(
      /<key>UIApplicationSceneManifest<\/key>[\s\S]*<key>UISceneDelegateClassName<\/key>\s*<string>\$\(PRODUCT_MODULE_NAME\)\.SceneDelegate<\/string>/,
    )
    const scene = read('ios/App/App/SceneDelegate.swift')
    expect(scene).toContain('SceneDelegateProxy.shared.scene(scene, openURLContexts: URLContexts)')
    expect(scene).toContain('CAPBridgeViewController()')
    expect(read('ios/App/App/AppDelegate.swift')).toContain(
      'config.delegateClass = SceneDelegate.self',
    )
    const project = read('ios/App/App.xcodeproj/project.pbxproj')
    expect(project).toMatch(/\/\* SceneDelegate\.swift in Sources \*\/,/)
  })

  test('installs every plugin of package.json', () => {
    const podfile = read('ios/App/Podfile')
    for (const name of plugins) {
      const pod = name
        .replace('@capacitor/', 'capacitor-')
        .split('-')
        .map((part) => part[0]!.toUpperCase() + part.slice(1))
        .join('')
      expect(podfile).toContain(`pod '${pod}'`)
    }
  })
})

describe('cap sync', () => {
  let sync: ReturnType<typeof spawnSync>
  let before: Record<string, string>

  beforeAll(() => {
    // `cap sync` copies webDir: a placeholder stands in when the web app is not built yet.
    const dist = path.join(webDir, 'dist')
    const placeholder = !existsSync(path.join(dist, 'index.html'))
    if (placeholder) {
      mkdirSync(dist, { recursive: true })
      writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Barrio</title>')
    }
    before = Object.fromEntries(COMMITTED_GENERATED.map((file) => [file, read(file)]))
    const require = createRequire(import.meta.url)
    const cli = path.join(
      path.dirname(require.resolve('@capacitor/cli/package.json')),
      'bin',
      'capacitor',
    )
    try {
      sync = spawnSync(process.execPath, [cli, 'sync'], {
        cwd: webDir,
        encoding: 'utf8',
        env: { ...process.env, CI: '1', CAPACITOR_TELEMETRY: 'false' },
        timeout: 60_000,
      })
    } finally {
      if (placeholder) rmSync(dist, { recursive: true, force: true })
    }
  }, 90_000)

  test('succeeds offline', () => {
    expect(sync.error).toBeUndefined()
    expect(`${String(sync.stdout)}\n${String(sync.stderr)}`).toContain('Sync finished')
    expect(sync.status).toBe(0)
  })

  test('writes a configuration that agrees with capacitor.config.ts on both platforms', () => {
    for (const file of [
      'android/app/src/main/assets/capacitor.config.json',
      'ios/App/App/capacitor.config.json',
    ]) {
      const generated = JSON.parse(read(file)) as typeof capacitorConfig
      expect(generated.appId).toBe(capacitorConfig.appId)
      expect(generated.appName).toBe(capacitorConfig.appName)
      expect(generated.webDir).toBe(capacitorConfig.webDir)
      expect(generated.server).toEqual(capacitorConfig.server)
      expect(generated.plugins).toEqual(capacitorConfig.plugins)
    }
    const androidPlugins = JSON.parse(
      read('android/app/src/main/assets/capacitor.plugins.json'),
    ) as Array<{ pkg: string }>
    expect(androidPlugins.map((plugin) => plugin.pkg).sort()).toEqual(plugins)
  })

  test('leaves the committed projects as they are (they already name every plugin)', () => {
    for (const file of COMMITTED_GENERATED) expect(read(file), file).toBe(before[file])
  })
})

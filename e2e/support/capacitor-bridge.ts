import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

import type { Page } from '@playwright/test'

/**
 * An emulated Android shell for Chromium (decision 028). The init script does what the Android
 * app does before the page's scripts run: it defines `window.androidBridge` (which is how
 * @capacitor/core decides `isNativePlatform()`), runs Capacitor's own native-bridge.js and
 * declares the plugin headers. The app's real plugin JS then calls `androidBridge.postMessage`,
 * and a small fake "native side" here answers through `Capacitor.fromNative`, as the Java bridge
 * would. Tests drive it with `window.__nativeShell` (emit an event, read the calls made).
 */

const require = createRequire(import.meta.url)
const nativeBridgeJs = readFileSync(
  path.join(
    path.dirname(require.resolve('@capacitor/android/package.json')),
    'capacitor/src/main/assets/native-bridge.js',
  ),
  'utf8',
)

export type NativeShellOptions = {
  /** What PushNotifications.checkPermissions answers first. */
  pushPermission?: 'prompt' | 'granted' | 'denied'
  /** The token the `registration` event carries after PushNotifications.register(). */
  pushToken?: string
}

/** The plugins the app calls, with the methods each exposes (Android's JSExport headers). */
const PLUGIN_METHODS: Record<string, string[]> = {
  App: ['exitApp', 'getInfo', 'getState', 'getLaunchUrl', 'minimizeApp', 'toggleBackButtonHandler'],
  Device: ['getId', 'getInfo', 'getBatteryInfo', 'getLanguageCode', 'getLanguageTag'],
  Browser: ['open', 'close'],
  StatusBar: ['setStyle', 'setBackgroundColor', 'show', 'hide', 'getInfo', 'setOverlaysWebView'],
  SplashScreen: ['show', 'hide'],
  PushNotifications: [
    'register',
    'unregister',
    'getDeliveredNotifications',
    'removeDeliveredNotifications',
    'removeAllDeliveredNotifications',
    'createChannel',
    'deleteChannel',
    'listChannels',
    'checkPermissions',
    'requestPermissions',
  ],
}

function initScript(options: Required<NativeShellOptions>): string {
  const headers = Object.entries(PLUGIN_METHODS).map(([name, methods]) => ({
    name,
    methods: [
      { name: 'addListener', rtype: 'callback' },
      { name: 'removeListener', rtype: 'promise' },
      { name: 'removeAllListeners', rtype: 'promise' },
      ...methods.map((method) => ({ name: method, rtype: 'promise' })),
    ],
  }))
  return `
(() => {
  const options = ${JSON.stringify(options)};
  const shell = {
    calls: [],
    listeners: {},
    permission: options.pushPermission,
    emit(pluginId, eventName, data) {
      for (const callbackId of this.listeners[pluginId + '.' + eventName] || []) {
        window.Capacitor.fromNative({ callbackId, pluginId, methodName: 'addListener', success: true, data, save: true });
      }
    },
    callsOf(pluginId, methodName) {
      return this.calls.filter((c) => c.pluginId === pluginId && c.methodName === methodName);
    },
  };
  window.__nativeShell = shell;

  const answers = {
    'Device.getInfo': () => ({
      name: 'Pixel de prueba', model: 'Pixel 8', platform: 'android', operatingSystem: 'android',
      osVersion: '14', iOSVersion: undefined, androidSDKVersion: 34, manufacturer: 'Google',
      isVirtual: true, webViewVersion: '140.0',
    }),
    'Device.getId': () => ({ identifier: 'e2e-android-id' }),
    'App.getLaunchUrl': () => ({}),
    'App.getInfo': () => ({ name: 'Barrio', id: 'ar.barrio.app', build: '1', version: '1.0' }),
    'App.getState': () => ({ isActive: true }),
    'PushNotifications.checkPermissions': () => ({ receive: shell.permission }),
    'PushNotifications.requestPermissions': () => {
      if (shell.permission === 'prompt') shell.permission = 'granted';
      return { receive: shell.permission };
    },
    'PushNotifications.register': () => {
      // FCM answers with the token a moment later, through the registration event.
      setTimeout(() => shell.emit('PushNotifications', 'registration', { value: options.pushToken }), 50);
      return {};
    },
    'StatusBar.getInfo': () => ({ visible: true, style: 'DARK', color: '#14532d', overlays: false }),
  };

  window.androidBridge = {
    postMessage(json) {
      const call = JSON.parse(json);
      if (call.type === 'js.error') return;
      const { callbackId, pluginId, methodName, options: args } = call;
      shell.calls.push({ pluginId, methodName, options: args });
      if (methodName === 'addListener') {
        const key = pluginId + '.' + args.eventName;
        (shell.listeners[key] = shell.listeners[key] || []).push(callbackId);
        return;
      }
      if (methodName === 'removeListener') {
        const key = pluginId + '.' + args.eventName;
        shell.listeners[key] = (shell.listeners[key] || []).filter((id) => id !== args.callbackId);
      }
      const answer = answers[pluginId + '.' + methodName];
      const data = answer ? answer(args) : {};
      setTimeout(() => window.Capacitor.fromNative({ callbackId, pluginId, methodName, success: true, data }), 0);
    },
  };
  ${nativeBridgeJs}
  window.Capacitor.PluginHeaders = ${JSON.stringify(headers)};
})();
`
}

/** Makes every page of `page`'s context start inside the emulated Android shell. */
export async function emulateNativeShell(page: Page, options: NativeShellOptions = {}) {
  await page.addInitScript(
    initScript({ pushPermission: 'prompt', pushToken: 'e2e-fcm-token', ...options }),
  )
}

export type NativeCall = { pluginId: string; methodName: string; options: Record<string, unknown> }

/** The plugin calls the app made so far (optionally of one plugin and method). */
export async function nativeCalls(page: Page, pluginId?: string, methodName?: string) {
  const calls = await page.evaluate(
    () => (window as unknown as { __nativeShell: { calls: NativeCall[] } }).__nativeShell.calls,
  )
  return calls.filter(
    (c) => (!pluginId || c.pluginId === pluginId) && (!methodName || c.methodName === methodName),
  )
}

/** Delivers an event of a plugin to the app, as the native side would (e.g. App appUrlOpen). */
export async function emitNativeEvent(
  page: Page,
  pluginId: string,
  eventName: string,
  data: unknown,
) {
  await page.evaluate(
    ([p, e, d]) =>
      (
        window as unknown as {
          __nativeShell: { emit: (p: string, e: string, d: unknown) => void }
        }
      ).__nativeShell.emit(p as string, e as string, d),
    [pluginId, eventName, data] as const,
  )
}

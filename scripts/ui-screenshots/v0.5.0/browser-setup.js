/**
 * Browser entry for the ToolHive UI screenshots (see README.md).
 *
 * capture.ts copies this file into the studio work tree (.ui-screenshots/) and
 * Vite serves it in place of renderer/src/renderer.tsx. It:
 *
 * 1. stubs `window.electronAPI` (the shape exposed by preload/src/preload.ts)
 *    so the renderer runs in a plain browser tab;
 * 2. starts MSW's browser worker with the app's own handlers
 *    (renderer/src/common/mocks/handlers.ts), preceded by a few handlers of
 *    our own for data the screenshots need (workloads, registry, secrets);
 * 3. imports the real renderer entry.
 *
 * Options come from `window.__UI_SHOTS__`, set by capture.ts with an init
 * script before the page loads. Plain JavaScript on purpose: it is compiled by
 * the studio's Vite, not by this repository's TypeScript project.
 */
import {http, HttpResponse} from 'msw';
import {setupWorker} from 'msw/browser';

const options = window.__UI_SHOTS__ ?? {};
const API = 'http://localhost:50000';
const scenario = options.scenario ?? 'default';

// ---------------------------------------------------------------------------
// window.electronAPI
// ---------------------------------------------------------------------------

const noop = () => {};
const resolved = (value) => () => Promise.resolve(value);
const platform = options.platform ?? 'linux';

window.electronAPI = {
  getAutoLaunchStatus: resolved(false),
  setAutoLaunch: resolved(true),
  showApp: resolved(undefined),
  hideApp: resolved(undefined),
  quitApp: resolved(undefined),
  isUpdateInProgress: resolved(false),
  getAppVersion: resolved(options.appVersion ?? '0.5.0'),
  isOfficialReleaseBuild: resolved(true),
  getTelemetryHeaders: resolved({}),
  getToolhivePort: resolved(50000),
  getToolhiveMcpPort: resolved(50001),
  getToolhiveVersion: () => options.thvVersion ?? 'v0.2.10',
  isToolhiveRunning: resolved(true),
  checkContainerEngine: () =>
    new Promise((resolve) =>
      setTimeout(
        () =>
          resolve(
            scenario === 'no-runtime'
              ? {docker: false, podman: false, rancherDesktop: false, available: false}
              : {docker: true, podman: false, rancherDesktop: false, available: true},
          ),
        50,
      ),
    ),
  restartToolhive: resolved({success: false, error: 'not available in screenshots'}),
  installUpdateAndRestart: resolved({success: false}),
  darkMode: {
    toggle: resolved(true),
    system: resolved(true),
    set: resolved(true),
    get: resolved({
      shouldUseDarkColors: options.theme === 'dark',
      themeSource: options.theme ?? 'light',
    }),
  },
  isMac: platform === 'darwin',
  isWindows: platform === 'win32',
  isLinux: platform === 'linux',
  platform,
  onServerShutdown: () => noop,
  selectFile: resolved(null),
  selectFolder: resolved(null),
  onShowQuitConfirmation: () => noop,
  sentry: {
    isEnabled: resolved(false),
    optIn: resolved(true),
    optOut: resolved(false),
  },
  getMainLogContent: resolved(options.mainLog ?? ''),
  windowControls: {
    minimize: resolved(undefined),
    maximize: resolved(undefined),
    close: resolved(undefined),
    isMaximized: resolved(false),
  },
  onUpdateDownloaded: () => noop,
  shutdownStore: {
    getLastShutdownServers: resolved([]),
    clearShutdownHistory: resolved({success: true}),
  },
  featureFlags: {
    get: (key) => Promise.resolve(Boolean(options.featureFlags?.[key])),
    enable: resolved(undefined),
    disable: resolved(undefined),
    getAll: resolved(options.featureFlags ?? {}),
  },
  chat: {
    getProviders: resolved(options.chatProviders ?? []),
    stream: resolved({streamId: 'screenshot'}),
    getSettings: resolved({apiKey: '', enabledTools: []}),
    saveSettings: resolved({success: true}),
    clearSettings: resolved({success: true}),
    discoverModels: resolved({
      providers: (options.chatProviders ?? []).map((p) => ({
        id: p.id,
        name: p.name,
        models: p.models.map((id) => ({id, supportsTools: true})),
      })),
      discoveredAt: new Date(0).toISOString(),
    }),
    getSelectedModel: resolved({provider: '', model: ''}),
    saveSelectedModel: resolved({success: true}),
    getMcpServerTools: resolved(null),
    getEnabledMcpTools: resolved({}),
    getEnabledMcpServersFromTools: resolved([]),
    saveEnabledMcpTools: resolved({success: true}),
    getToolhiveMcpInfo: resolved(null),
  },
  on: noop,
  removeListener: noop,
};

// ---------------------------------------------------------------------------
// Mocked ToolHive API
// ---------------------------------------------------------------------------

const url = (p) => `${API}${p}`;
const workloads = options.workloads ?? [];
const registryServers = options.registryServers ?? null;
const secrets = options.secrets ?? null;

const ownHandlers = [
  http.get(url('/health'), () =>
    scenario === 'no-runtime' ? HttpResponse.error() : new HttpResponse(null, {status: 204}),
  ),
  // The root route makes sure an encrypted secrets provider exists.
  http.get(url('/api/v1beta/secrets/default'), () =>
    HttpResponse.json({name: 'default', provider_type: 'encrypted', capabilities: {}}),
  ),
  http.post(url('/api/v1beta/secrets'), () =>
    HttpResponse.json({name: 'default', provider_type: 'encrypted'}, {status: 201}),
  ),
  http.get(url('/api/v1beta/workloads'), () => HttpResponse.json({workloads})),
  http.get(url('/api/v1beta/workloads/:name'), ({params}) => {
    const w = workloads.find((x) => x.name === params.name);
    return w ? HttpResponse.json(w) : HttpResponse.json({error: 'not found'}, {status: 404});
  }),
  http.get(url('/api/v1beta/workloads/:name/logs'), ({params}) => {
    const logs = options.logs?.[params.name];
    return logs === undefined ? undefined : new HttpResponse(logs, {status: 200});
  }),
  http.get(url('/api/v1beta/registry/:name/servers'), () =>
    registryServers ? HttpResponse.json({servers: registryServers}) : undefined,
  ),
  http.get(url('/api/v1beta/registry/:name/servers/:serverName'), ({params}) => {
    if (!registryServers) return undefined;
    const server = registryServers.find((s) => s.name === params.serverName);
    return server
      ? HttpResponse.json({server, is_remote: false})
      : HttpResponse.json({error: 'not found'}, {status: 404});
  }),
  http.get(url('/api/v1beta/secrets/default/keys'), () =>
    secrets ? HttpResponse.json({keys: secrets.map((key) => ({key}))}) : undefined,
  ),
  http.get(url('/api/v1beta/discovery/clients'), () =>
    options.clients ? HttpResponse.json({clients: options.clients}) : undefined,
  ),
];

// The app's fixtures wrap one function in vitest's `vi.fn`; a pass-through
// stands in for it outside the test runner.
globalThis.vi ??= {fn: (impl) => impl};
const {handlers: appHandlers} = await import('/src/common/mocks/handlers.ts');

const worker = setupWorker(...ownHandlers, ...appHandlers);
await worker.start({onUnhandledRequest: 'bypass', quiet: true});

await import('/src/renderer.tsx');
window.__UI_SHOTS_READY__ = true;

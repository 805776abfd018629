/**
 * Browser entry for the ToolHive UI v0.39.4 screenshots (see ../README.md).
 *
 * capture.ts copies this file into the studio work tree (.ui-screenshots/) and
 * Vite serves it in place of renderer/src/renderer.tsx. It:
 *
 * 1. stubs `window.electronAPI`, the bridge that preload/src/preload.ts
 *    exposes in the desktop app. In v0.39.4 the renderer sends every API
 *    request through that bridge (`apiFetch`), which the main process passes
 *    to thv over a UNIX socket; the stub sends it to a mocked API instead;
 * 2. starts MSW's browser worker with handlers that answer that API with the
 *    data capture.ts passes in (servers, groups, registry, skills, secrets,
 *    clients). The app's own mocks (renderer/src/common/mocks) need Node and
 *    vitest, so none of them is loaded;
 * 3. imports the real renderer entry.
 *
 * Requests that no handler answers, and bridge methods that no stub covers,
 * are noted in `window.__UI_SHOTS_NOTES__` for capture.ts to report.
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
const notes = (window.__UI_SHOTS_NOTES__ = {unhandled: []});
const note = (what) => notes.unhandled.push(what);

// ---------------------------------------------------------------------------
// window.electronAPI
// ---------------------------------------------------------------------------

const noop = () => {};
const resolved = (value) => () => Promise.resolve(value);
const platform = options.platform ?? 'linux';

/**
 * A stub object whose unknown methods resolve to undefined and are noted, so
 * that a bridge method added in a later release shows up in the report
 * instead of breaking the page.
 */
function lenient(name, target) {
  return new Proxy(target, {
    get(obj, key) {
      if (key in obj || typeof key === 'symbol' || key === 'then') return obj[key];
      note(`electronAPI.${name}${name ? '.' : ''}${String(key)}`);
      return () => Promise.resolve(undefined);
    },
  });
}

/** The bridge's API call, answered by fetch() (and so by the MSW worker below). */
async function apiFetch({method, path, headers, body}) {
  const res = await fetch(`${API}${path}`, {method, headers, body});
  const text = [204, 205, 304].includes(res.status) ? '' : await res.text();
  return {status: res.status, headers: Object.fromEntries(res.headers), body: text};
}

const threads = options.threads ?? [];
const agents = options.agents ?? [];
const cli = options.cli ?? {};

const chat = lenient('chat', {
  getProviders: resolved(options.chatProviders ?? []),
  fetchProviderModels: resolved([]),
  stream: resolved({streamId: 'screenshot'}),
  resumeStream: resolved(null),
  unsubscribeStream: resolved(undefined),
  cancelStream: resolved(false),
  getActiveStreamId: resolved(null),
  getStreamingThreadIds: resolved([]),
  getSettings: (providerId) =>
    Promise.resolve(
      options.chatKeys?.[providerId]
        ? {apiKey: options.chatKeys[providerId], enabledTools: []}
        : {apiKey: '', enabledTools: []},
    ),
  saveSettings: resolved({success: true}),
  clearSettings: resolved({success: true}),
  discoverModels: resolved({providers: [], discoveredAt: new Date(0).toISOString()}),
  getModelPricing: resolved({}),
  getSelectedModel: resolved(options.selectedModel ?? {provider: '', model: ''}),
  saveSelectedModel: resolved({success: true}),
  getMcpServerTools: (serverName) => Promise.resolve(options.serverTools?.[serverName] ?? null),
  getEnabledMcpTools: resolved(options.enabledMcpTools ?? {}),
  getEnabledMcpServersFromTools: resolved(Object.keys(options.enabledMcpTools ?? {})),
  saveEnabledMcpTools: resolved({success: true}),
  getEnabledSkills: resolved(options.enabledSkills ?? []),
  setEnabledSkill: resolved({success: true}),
  getToolUiMetadata: resolved({}),
  fetchUiResource: resolved(null),
  proxyMcpToolCall: resolved(null),
  openExternalLink: resolved(undefined),
  createThread: resolved({success: true, threadId: threads[0]?.id}),
  getThread: (id) => Promise.resolve(threads.find((t) => t.id === id) ?? null),
  getAllThreads: resolved(threads),
  updateThread: resolved({success: true}),
  deleteThread: resolved({success: true}),
  clearAllThreads: resolved({success: true}),
  getThreadCount: resolved(threads.length),
  addMessageToThread: resolved({success: true}),
  updateThreadMessages: resolved({success: true}),
  getActiveThreadId: resolved(threads[0]?.id),
  setActiveThreadId: resolved(undefined),
  createChatThread: resolved({success: true, threadId: threads[0]?.id}),
  getThreadMessagesForTransport: (id) =>
    Promise.resolve(threads.find((t) => t.id === id)?.messages ?? []),
  getThreadInfo: (id) => Promise.resolve(threads.find((t) => t.id === id) ?? null),
  ensureThreadExists: (id) => Promise.resolve({success: true, threadId: id}),
  agents: lenient('chat.agents', {
    list: resolved(agents),
    get: (id) => Promise.resolve(agents.find((a) => a.id === id) ?? null),
    create: resolved(agents[0]),
    update: resolved(agents[0]),
    delete: resolved({success: true}),
    duplicate: resolved({success: true}),
    setThreadAgent: resolved(undefined),
    getThreadAgentId: (id) => Promise.resolve(threads.find((t) => t.id === id)?.agentId ?? null),
  }),
  threadSettings: lenient('chat.threadSettings', {
    getSelectedModel: (id) => {
      const t = threads.find((x) => x.id === id);
      return Promise.resolve(
        t?.selectedProvider ? {provider: t.selectedProvider, model: t.selectedModel} : null,
      );
    },
    setSelectedModel: resolved({success: true}),
    getEnabledMcpTools: resolved(options.enabledMcpTools ?? {}),
    setEnabledMcpTools: resolved({success: true}),
    getEnabledSkills: resolved(options.enabledSkills ?? []),
    setEnabledSkill: resolved({success: true}),
  }),
});

window.electronAPI = lenient('', {
  appDisplayName: 'ToolHive',
  getAutoLaunchStatus: resolved(false),
  setAutoLaunch: resolved(true),
  showApp: resolved(undefined),
  hideApp: resolved(undefined),
  quitApp: resolved(undefined),
  getSkipQuitConfirmation: resolved(false),
  setSkipQuitConfirmation: resolved(undefined),
  // The newsletter dialog and the consultation banner appear on a fresh
  // install; the screens that don't show them report both as dismissed.
  getNewsletterState: resolved(
    scenario === 'newsletter'
      ? {subscribed: false, dismissedAt: ''}
      : {subscribed: false, dismissedAt: new Date().toISOString()},
  ),
  setNewsletterSubscribed: resolved(undefined),
  setNewsletterDismissedAt: resolved(true),
  getExpertConsultationState: resolved({
    submitted: false,
    dismissedAt: new Date().toISOString(),
  }),
  setExpertConsultationSubmitted: resolved(undefined),
  setExpertConsultationDismissedAt: resolved(undefined),
  mainLogPath: options.mainLogPath ?? '',
  getMainLogContent: resolved(''),
  isMac: platform === 'darwin',
  isWindows: platform === 'win32',
  isLinux: platform === 'linux',
  platform,

  getAppVersion: resolved({
    currentVersion: options.appVersion,
    latestVersion: options.appVersion,
    isNewVersionAvailable: false,
  }),
  isUpdateInProgress: resolved(false),
  installUpdateAndRestart: resolved({success: false}),
  isAutoUpdateEnabled: resolved(true),
  setAutoUpdate: resolved(true),
  getUpdateState: resolved('not-available'),
  manualUpdate: resolved(undefined),
  onUpdateDownloaded: () => noop,

  branding: {css: ''},

  darkMode: {
    toggle: resolved(true),
    system: resolved(true),
    set: resolved(true),
    get: resolved({
      shouldUseDarkColors: options.theme === 'dark',
      themeSource: options.theme ?? 'light',
    }),
  },

  windowControls: {
    minimize: resolved(undefined),
    maximize: resolved(undefined),
    close: resolved(undefined),
    isMaximized: resolved(false),
  },

  getToolhiveSocketPath: resolved('/tmp/toolhive-4242.sock'),
  isToolhiveRunning: resolved(true),
  getToolhiveStatus: resolved({isRunning: true}),
  isUsingCustomSocket: resolved(false),
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
  apiFetch,
  apiFetchAbort: resolved(undefined),
  shutdownStore: {
    getLastShutdownServers: resolved([]),
    clearShutdownHistory: resolved({success: true}),
  },

  sentry: {
    isEnabled: resolved(true),
    optIn: resolved(true),
    optOut: resolved(false),
  },

  selectFile: resolved(null),
  selectFolder: resolved(null),
  isDirectory: resolved(true),

  featureFlags: {
    get: resolved(false),
    enable: resolved(undefined),
    disable: resolved(undefined),
    getAll: resolved({}),
  },

  chat,

  cliAlignment: lenient('cliAlignment', {
    getStatus: resolved(cli.status),
    reinstall: resolved({success: true}),
    getPathStatus: resolved(cli.pathStatus),
    getValidationResult: resolved(
      scenario === 'external-cli' ? cli.externalResult : {status: 'valid'},
    ),
    validate: resolved({status: 'valid'}),
    repair: resolved({repairResult: {success: true}, validationResult: {status: 'valid'}}),
  }),

  uiPreferences: {
    getViewMode: resolved('card'),
    setViewMode: resolved(undefined),
    getPageSize: resolved(undefined),
    setPageSize: resolved(undefined),
  },

  isOfficialReleaseBuild: resolved(true),
  getTelemetryHeaders: resolved({
    'X-Client-Type': 'toolhive-studio',
    'X-Client-Version': options.appVersion,
    'X-Client-Platform': platform,
    'X-Client-Release-Build': 'true',
  }),
  getInstanceId: resolved('00000000-0000-4000-8000-000000000000'),
  utils: {
    getWorkloadAvailableTools: (workload) =>
      Promise.resolve(options.serverTools?.[workload?.name] ?? null),
  },

  onServerShutdown: () => noop,
  onDeepLinkNavigation: () => noop,
  on: () => noop,
  removeListener: noop,
});

// ---------------------------------------------------------------------------
// Mocked ToolHive API
// ---------------------------------------------------------------------------

const url = (p) => `${API}${p}`;
const workloads = options.workloads ?? [];
const runConfigs = options.runConfigs ?? {};
const registry = options.registry ?? {servers: [], remote_servers: []};
const allRegistryItems = [...registry.servers, ...registry.remote_servers];

const ownHandlers = [
  http.get(url('/health'), () =>
    scenario === 'no-runtime'
      ? HttpResponse.json({error: 'container runtime not available'}, {status: 503})
      : new HttpResponse(null, {status: 204}),
  ),
  http.get(url('/api/v1beta/version'), () => HttpResponse.json({version: options.thvVersion})),

  // Secrets: the root loader makes sure the encrypted provider is set up.
  http.get(url('/api/v1beta/secrets/default'), () =>
    HttpResponse.json({
      name: 'default',
      provider_type: 'encrypted',
      capabilities: {can_read: true, can_write: true, can_delete: true, can_list: true},
    }),
  ),
  http.post(url('/api/v1beta/secrets'), () =>
    HttpResponse.json({name: 'default', provider_type: 'encrypted'}, {status: 201}),
  ),
  http.get(url('/api/v1beta/secrets/default/keys'), () =>
    HttpResponse.json({keys: (options.secrets ?? []).map((key) => ({key}))}),
  ),

  // Servers and groups.
  http.get(url('/api/v1beta/workloads'), ({request}) => {
    const group = new URL(request.url).searchParams.get('group');
    return HttpResponse.json({
      workloads: group ? workloads.filter((w) => w.group === group) : workloads,
    });
  }),
  http.get(url('/api/v1beta/workloads/:name'), ({params}) => {
    const config = runConfigs[params.name];
    return config
      ? HttpResponse.json(config)
      : HttpResponse.json({error: 'not found'}, {status: 404});
  }),
  http.get(url('/api/v1beta/workloads/:name/status'), ({params}) => {
    const w = workloads.find((x) => x.name === params.name);
    return w
      ? HttpResponse.json({status: w.status})
      : HttpResponse.json({error: 'not found'}, {status: 404});
  }),
  http.get(
    url('/api/v1beta/workloads/:name/logs'),
    () =>
      new HttpResponse(options.logs ?? '', {status: 200, headers: {'content-type': 'text/plain'}}),
  ),
  http.get(
    url('/api/v1beta/workloads/:name/proxy-logs'),
    () =>
      new HttpResponse(options.logs ?? '', {status: 200, headers: {'content-type': 'text/plain'}}),
  ),
  http.get(url('/api/v1beta/groups'), () => HttpResponse.json({groups: options.groups ?? []})),

  // Clients.
  http.get(url('/api/v1beta/discovery/clients'), () =>
    HttpResponse.json({clients: options.clients ?? []}),
  ),
  http.get(url('/api/v1beta/clients'), () =>
    HttpResponse.json(
      (options.groups ?? []).flatMap((g) =>
        (g.registered_clients ?? []).map((name) => ({name, groups: [g.name]})),
      ),
    ),
  ),

  // Registry.
  http.get(url('/api/v1beta/registry'), () =>
    HttpResponse.json({
      registries: [
        {
          name: 'default',
          type: 'default',
          source: '',
          version: '1.0.0',
          last_updated: registry.last_updated,
          server_count: registry.servers.length,
        },
      ],
    }),
  ),
  http.get(url('/api/v1beta/registry/default'), () =>
    HttpResponse.json({
      name: 'default',
      type: 'default',
      source: '',
      version: '1.0.0',
      last_updated: registry.last_updated,
      server_count: registry.servers.length,
      registry: {version: '1.0.0', last_updated: registry.last_updated, groups: []},
    }),
  ),
  http.get(url('/api/v1beta/registry/default/servers'), () =>
    HttpResponse.json({servers: registry.servers, remote_servers: registry.remote_servers}),
  ),
  http.get(url('/api/v1beta/registry/default/servers/:serverName'), ({params}) => {
    const name = decodeURIComponent(params.serverName);
    const server = allRegistryItems.find((s) => s.name === name);
    if (!server) return HttpResponse.json({error: 'not found'}, {status: 404});
    return 'url' in server
      ? HttpResponse.json({remote_server: server, is_remote: true})
      : HttpResponse.json({server, is_remote: false});
  }),

  // Skills.
  http.get(url('/api/v1beta/skills'), () => HttpResponse.json({skills: options.skills ?? []})),
  http.get(url('/api/v1beta/skills/builds'), () =>
    HttpResponse.json({builds: options.skillBuilds ?? []}),
  ),
  http.get(url('/api/v1beta/skills/content'), () =>
    HttpResponse.json({
      name: 'commit',
      description: 'Writes commit messages that follow the repository conventions.',
      version: '0.1.2',
      license: 'Apache-2.0',
      body: options.skillBody ?? '',
      files: [{path: 'SKILL.md', size: (options.skillBody ?? '').length}],
    }),
  ),
  http.get(url('/registry/default/v0.1/x/dev.toolhive/skills'), ({request}) => {
    const params = new URL(request.url).searchParams;
    const q = (params.get('q') ?? '').toLowerCase();
    const all = (options.registrySkills ?? []).filter(
      (s) => !q || `${s.name} ${s.description}`.toLowerCase().includes(q),
    );
    const page = Number(params.get('page') ?? 1);
    const limit = Number(params.get('limit') ?? 12);
    return HttpResponse.json({
      skills: all.slice((page - 1) * limit, page * limit),
      metadata: {page, limit, total: all.length},
    });
  }),
  http.get(
    url('/registry/default/v0.1/x/dev.toolhive/skills/:namespace/:skillName'),
    ({params}) => {
      const s = (options.registrySkills ?? []).find(
        (x) => x.namespace === params.namespace && x.name === params.skillName,
      );
      return s ? HttpResponse.json(s) : HttpResponse.json({error: 'not found'}, {status: 404});
    },
  ),

  // Anything else the screens ask for is noted and refused.
  http.all(url('/*'), ({request}) => {
    const u = new URL(request.url);
    note(`${request.method} ${u.pathname}${u.search}`);
    return HttpResponse.json({error: 'not mocked'}, {status: 501});
  }),
];

const worker = setupWorker(...ownHandlers);
await worker.start({onUnhandledRequest: 'bypass', quiet: true});

await import('/src/renderer.tsx');
window.__UI_SHOTS_READY__ = true;

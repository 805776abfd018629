/**
 * Words a reader types for what the docs call by another name. Each group
 * lists what readers type (a word or a phrase) and the docs' words that such a
 * query also searches. Query side only: the index is unchanged, and a match
 * on a docs' word found this way weighs less than one on the word typed
 * (`RANKING.synonym` in engine.ts).
 *
 * Keep to pairs a reader really uses and the docs really spell otherwise;
 * words are compared by their stems, so "removing" also finds "delete".
 */
export interface SynonymGroup {
  /** What a reader types: single words, or phrases of up to four words ("set up", "out of the box"). */
  reader: string[];
  /** The docs' words for it; a word of the reader's own is not searched twice. */
  docs: string[];
  /** Only in a query that also has one of these words (the API's own vocabulary). */
  when?: string[];
}

/** Words that make a query one about the REST API. */
export const API_WORDS = ['api', 'endpoint', 'rest', 'http'];

export const SYNONYMS: SynonymGroup[] = [
  // The docs' first steps are the quickstart tutorials.
  {reader: ['get started', 'begin', 'beginner', 'first steps'], docs: ['quickstart', 'tutorial']},
  // Setting ToolHive up is installing it; setting up a client is configuring it,
  // which the CLI calls registering it (`thv client setup`) and the app connecting it.
  {reader: ['setup', 'set up'], docs: ['install', 'configure', 'register', 'connect']},
  // Taking something away: the CLI removes servers, the API deletes, apps uninstall.
  {
    reader: ['remove', 'delete', 'uninstall', 'erase', 'wipe', 'purge'],
    docs: ['remove', 'delete', 'uninstall'],
  },
  // The latest version is, in the docs, a newer release than the one you run.
  {reader: ['latest'], docs: ['newer']},
  // An app kept up to date is an updated one.
  {reader: ['update', 'upgrade'], docs: ['up to date']},
  // Credentials and passwords are kept as secrets.
  {reader: ['creds', 'credential', 'password'], docs: ['secret']},
  // The secret store is the secrets provider; the macOS keychain is the OS keyring.
  {reader: ['secret store', 'secret manager', 'vault'], docs: ['provider']},
  {reader: ['keychain', 'credential manager'], docs: ['keyring']},
  // A container engine is what the docs call a container runtime.
  {reader: ['engine'], docs: ['runtime']},
  // Signing in, in its other spellings.
  {reader: ['login', 'log in', 'signin', 'sign in', 'logon'], docs: ['sign', 'login', 'log in']},
  // Editors and IDEs are what the docs call clients.
  {reader: ['ide', 'editor'], docs: ['client']},
  {reader: ['vscode', 'vs code'], docs: ['visual studio code']},
  // The docs lay out options under "Choose a provider", "Choose a transport", ...
  {reader: ['option', 'alternative', 'choice', 'pick', 'select'], docs: ['choose']},
  // Getting an app is installing it.
  {reader: ['download', 'get'], docs: ['install'], when: ['app', 'ui', 'desktop']},
  // Launching or opening something is starting it.
  {reader: ['launch'], docs: ['start']},
  // Navigating a screen is moving around it.
  {reader: ['navigate'], docs: ['move']},
  // A command's options are its flags.
  {reader: ['options', 'arguments', 'args'], docs: ['flags']},
  // Copying a setup to another machine is exporting it there and importing it.
  {reader: ['copy', 'move', 'transfer', 'migrate', 'clone'], docs: ['export', 'import']},
  // Your own image or registry is, in the docs, a custom one.
  {reader: ['own', 'my own', 'homemade'], docs: ['custom']},
  // Integrating with an editor is connecting it.
  {reader: ['integrate', 'integration'], docs: ['connect']},
  // Doing something manually is doing it by hand, or yourself.
  {reader: ['manually', 'manual'], docs: ['by hand', 'yourself']},
  // Seeing or showing what there is: the CLI, the API and the app list it,
  // and logs are read.
  {reader: ['see', 'show', 'view'], docs: ['list', 'read']},
  // A server that doesn't show up doesn't appear.
  {reader: ['show up'], docs: ['appear']},
  // What a reader does in a terminal, the docs do with the CLI.
  {reader: ['command line', 'terminal', 'shell'], docs: ['cli']},
  // The desktop app is the ToolHive UI.
  {reader: ['desktop', 'desktop app'], docs: ['ui']},
  // Killing or shutting down a server is stopping it.
  {reader: ['kill', 'terminate', 'shut down', 'shutdown'], docs: ['stop']},
  // What the desktop app reports about its use is what its guide covers under "Privacy".
  {reader: ['telemetry', 'analytics'], docs: ['privacy'], when: ['ui', 'app', 'desktop']},
  // Software that phones home sends data over the internet.
  {reader: ['phone home', 'call home', 'tracking'], docs: ['send data']},
  // What a server gets out of the box is what it gets by default.
  {reader: ['out of the box'], docs: ['default']},
  // Going back to the original setting is resetting it.
  {reader: ['switch back', 'go back', 'revert', 'restore'], docs: ['reset']},
  // A list with nothing in it is empty ("no models" for "the model menu is empty").
  {reader: ['no', 'none'], docs: ['empty']},
  // JSON logs are what the docs call structured logs.
  {reader: ['json'], docs: ['structured']},
  // Missing from something is not in it ("isn't in the registry").
  {reader: ['missing'], docs: ['not']},
  // Getting to a server over the network is reaching it.
  {reader: ['access'], docs: ['reach']},
  // The API calls a server a workload; its reference is the API's endpoints.
  {reader: ['server', 'servers'], docs: ['workload'], when: API_WORDS},
  {reader: ['endpoint', 'rest', 'http call'], docs: ['api']},
  // A catalog of servers is what the docs call the registry.
  {reader: ['catalog', 'catalogue', 'marketplace'], docs: ['registry']},
  // SSL is what the docs call TLS.
  {reader: ['ssl'], docs: ['tls', 'https']},
  // The docs say a server or the proxy answers a request with a status.
  {reader: ['return', 'respond'], docs: ['answer']},
  // Hiding tools from a client is filtering them.
  {reader: ['hide', 'exclude'], docs: ['filter']},
  // The docs mount folders.
  {reader: ['directory'], docs: ['folder']},
  // Allow lists are allowed hosts; deny lists are what the docs deny or block.
  {reader: ['allowlist', 'whitelist'], docs: ['allow']},
  {reader: ['denylist', 'blocklist', 'blacklist'], docs: ['deny', 'block']},
  // Memory, as readers say it.
  {reader: ['ram'], docs: ['memory']},
  // The docs turn features on and off.
  {reader: ['enable', 'activate'], docs: ['turn on']},
  {reader: ['disable', 'deactivate'], docs: ['turn off']},
  // Opting out of something the app does is turning it off or stopping it.
  {reader: ['opt out'], docs: ['turn off', 'stop']},
  // Something broken is something that fails.
  {reader: ['broken'], docs: ['fail', 'error']},
  // What a reader needs first is what the docs list under "Prerequisites" or "What do I need".
  {reader: ['requirements', 'prereqs', 'need'], docs: ['prerequisites', 'need']},
  // A command that hangs is one that waits (for input, or until it is ready).
  {reader: ['hang', 'stuck', 'freeze'], docs: ['wait']},
  // A container that keeps restarting is in a crash loop, which Kubernetes calls CrashLoopBackOff.
  {
    reader: ['keeps restarting', 'crash loop', 'restart loop', 'crashloop'],
    docs: ['crashloopbackoff'],
  },
  // A port or an address that is taken is one that is in use.
  {reader: ['taken', 'occupied'], docs: ['in use']},
  // Swagger is what readers call an OpenAPI description and its interactive reference.
  {reader: ['swagger'], docs: ['openapi']},
  // Software that works on a system runs on it.
  {reader: ['work on', 'works on', 'supported on'], docs: ['run']},
  // Browsing or discovering servers is finding them.
  {reader: ['browse', 'discover', 'look for'], docs: ['find']},
  // Editing or modifying something is, in the docs, updating or changing it.
  {reader: ['edit', 'modify'], docs: ['update', 'change']},
  // Changing a thing's settings is editing it ("change a server's settings").
  {reader: ['change', 'modify', 'alter', 'reconfigure'], docs: ['edit']},
  // Restricting is what the docs call limiting; a domain is a host.
  {reader: ['restrict', 'restriction'], docs: ['limit']},
  {reader: ['domain', 'domains'], docs: ['host']},
  // The API's operations on clients name none: an AI client's name is a client there.
  {
    reader: [
      'cursor',
      'windsurf',
      'cline',
      'roo code',
      'claude code',
      'claude',
      'copilot',
      'vscode',
      'vs code',
      'amp',
    ],
    docs: ['client'],
    when: API_WORDS,
  },
  // Single sign-on and identity providers speak OIDC.
  {reader: ['sso', 'idp'], docs: ['oidc']},
  // The verbs of the API's operations, as a reader says them (`RANKING.operationVerb`).
  {reader: ['add', 'new'], docs: ['create', 'register'], when: API_WORDS},
  {
    reader: ['update', 'change', 'modify', 'edit', 'alter'],
    docs: ['update', 'change', 'edit'],
    when: API_WORDS,
  },
  {reader: ['remove', 'delete', 'destroy', 'drop'], docs: ['delete', 'remove'], when: API_WORDS},
  {
    reader: ['fetch', 'read', 'show', 'view', 'retrieve', 'return'],
    docs: ['get', 'read', 'show'],
    when: API_WORDS,
  },
  {reader: ['export', 'download', 'save'], docs: ['export', 'download'], when: API_WORDS},
];

/**
 * Well-known products that the docs don't name, each with the docs' word for
 * its kind: the same thing, so a match on that word counts as the product's
 * name (`RANKING.abbreviation`). Keycloak is an identity provider, which the
 * docs' OIDC sections serve.
 */
export const PRODUCTS: SynonymGroup[] = [
  {
    reader: [
      'keycloak',
      'okta',
      'entra',
      'entra id',
      'azure ad',
      'auth0',
      'cognito',
      'authentik',
      'zitadel',
      'onelogin',
      'ping identity',
    ],
    docs: ['oidc', 'identity provider'],
  },
  {
    reader: [
      'datadog',
      'new relic',
      'splunk',
      'dynatrace',
      'lightstep',
      'honeycomb',
      'grafana cloud',
      'elastic apm',
      'signoz',
      'axiom',
      'uptrace',
      'sentry',
    ],
    docs: ['hosted backend'],
  },
  {reader: ['orbstack', 'lima', 'containerd'], docs: ['container runtime']},
  {reader: ['eks', 'gke', 'aks', 'minikube', 'k3s', 'k3d', 'microk8s'], docs: ['kubernetes']},
  {
    reader: ['hashicorp vault', 'bitwarden', 'aws secrets manager', 'lastpass', 'keepass'],
    docs: ['secrets provider'],
  },
];

/**
 * Where a reader works, as the reader names it, and the pages of that place
 * (by a segment of their URL). A query that names a surface ("in the cluster",
 * "in the app") or an AI client ("cursor") and asks something else is about
 * those pages: the surface's guides, quickstart and reference, or the pages
 * that connect clients. They hold the word whether or not their text says it.
 */
export interface Surface {
  words: string[];
  pages: string[];
}

export const SURFACES: Surface[] = [
  {
    words: [
      'kubernetes',
      'k8s',
      'kube',
      'cluster',
      'operator',
      'kubectl',
      'helm',
      'eks',
      'gke',
      'aks',
      'minikube',
      'k3s',
      'openshift',
      // The operator's resource kinds, a pod and a namespace are Kubernetes words.
      'crd',
      'crds',
      'pod',
      'namespace',
      'mcpserver',
      'mcpservers',
      'mcpremoteproxy',
      'mcpserverentry',
      'mcpgroup',
      'mcpregistry',
      'mcptoolconfig',
      'mcpexternalauthconfig',
      'mcpoidcconfig',
      'mcpauthzconfig',
      'mcptelemetryconfig',
      'mcpwebhookconfig',
      'virtualmcpserver',
      'virtualmcpcompositetooldefinition',
      'embeddingserver',
    ],
    // crd-spec: the resource reference of v0.2.8; crds: that of later releases.
    pages: ['guides-k8s', 'quickstart-k8s', 'crd-spec', 'crds'],
  },
  {words: ['ui', 'app', 'gui', 'desktop app'], pages: ['guides-ui', 'quickstart-ui']},
  {words: ['cli', 'command line', 'terminal'], pages: ['guides-cli', 'quickstart-cli', 'cli']},
  // The API's reference: its operations ("delete a workload through the rest api").
  {
    words: [
      'rest api',
      'rest',
      'via the api',
      'through the api',
      'with the api',
      'using the api',
      'api call',
      'api endpoint',
    ],
    pages: ['api'],
  },
  {
    words: [
      'cursor',
      'windsurf',
      'cline',
      'roo code',
      'claude code',
      'claude desktop',
      'claude',
      'copilot',
      'vscode',
      'vs code',
      'visual studio code',
      'amp',
      'chatgpt',
      'zed',
      'jetbrains',
    ],
    pages: ['client-configuration', 'client-compatibility'],
  },
];

/**
 * Where the docs define their terms (by a segment of the pages' URL): a
 * question that asks what something is ("what is a transport") looks there
 * first.
 */
export const DEFINITION_PAGES = ['concepts'];

/**
 * Words a reader shortens that the docs spell out: the same word, so a match
 * on the long form counts as the reader's own (`RANKING.abbreviation`).
 */
export const ABBREVIATIONS: SynonymGroup[] = [
  {reader: ['k8s', 'kube'], docs: ['kubernetes']},
  {reader: ['mac', 'osx'], docs: ['macos']},
  {reader: ['env'], docs: ['environment']},
  {reader: ['var', 'vars'], docs: ['variable']},
  {reader: ['creds', 'cred'], docs: ['credentials']},
  {reader: ['dir'], docs: ['directory', 'folder']},
  {reader: ['repo'], docs: ['repository']},
  {reader: ['cert', 'certs'], docs: ['certificate']},
  {reader: ['perms'], docs: ['permissions']},
  {reader: ['config', 'conf'], docs: ['configuration']},
  {reader: ['auth'], docs: ['authentication', 'authorization']},
  {reader: ['lan'], docs: ['local network']},
  {reader: ['llm', 'llms'], docs: ['model']},
];

/**
 * Words the docs use for the same thing in different places, so a match on
 * either counts as the reader's own word (`RANKING.abbreviation`).
 */
export const EQUIVALENTS: SynonymGroup[] = [
  // A new version: the CLI and the operator upgrade, the app updates.
  {reader: ['update', 'upgrade'], docs: ['update', 'upgrade']},
  // Where data lives: the docs say a file or a store "keeps" it or "stores" it.
  {reader: ['store', 'keep'], docs: ['store', 'keep']},
  // The reader's own computer: the CLI guides say "your machine", the app's "your computer".
  {reader: ['machine', 'computer', 'laptop', 'workstation'], docs: ['machine', 'computer']},
  // Irregular forms of verbs the docs use, which stemming doesn't join.
  {reader: ['sent'], docs: ['send']},
  {reader: ['built'], docs: ['build']},
  {reader: ['ran'], docs: ['run']},
  {reader: ['wrote', 'written'], docs: ['write']},
  {reader: ['kept'], docs: ['keep']},
  {reader: ['shown'], docs: ['show']},
  {reader: ['seen', 'saw'], docs: ['see']},
  {reader: ['reachable', 'unreachable'], docs: ['reach']},
  {reader: ['taken', 'took'], docs: ['take']},
  {reader: ['chose', 'chosen'], docs: ['choose']},
  {reader: ['hid', 'hidden'], docs: ['hide']},
  {reader: ['began', 'begun'], docs: ['begin']},
];

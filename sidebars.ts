import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';
import {apiSidebar} from './plugins/api-reference/sidebar';
import {cliSidebar} from './scripts/cli-reference/sidebar';
import {loadCliData, releaseDataFile} from './scripts/cli-reference/data';
import {crdSidebar} from './scripts/crd-reference/sidebar';
import {docsVersion} from './docs-versions';

const current = docsVersion('current');

/**
 * The sidebar of the current version (docs/, ToolHive v0.44.0), ordered the
 * way a newcomer reads: overview, tutorials, a guide section per interface,
 * concepts, then reference, whose CLI, API and Kubernetes parts come from the
 * release's generated pages. Older versions keep theirs in
 * versioned_sidebars/.
 */
const sidebars: SidebarsConfig = {
  toolhiveSidebar: [
    'toolhive/index',
    {
      type: 'category',
      label: 'Tutorials',
      link: {type: 'doc', id: 'toolhive/tutorials/index'},
      items: [
        'toolhive/tutorials/quickstart-ui',
        'toolhive/tutorials/quickstart-cli',
        'toolhive/tutorials/quickstart-k8s',
      ],
    },
    {
      type: 'category',
      label: 'ToolHive UI',
      link: {type: 'doc', id: 'toolhive/guides-ui/index'},
      items: [
        'toolhive/guides-ui/install',
        'toolhive/guides-ui/run-mcp-servers',
        'toolhive/guides-ui/registry',
        'toolhive/guides-ui/edit-server',
        'toolhive/guides-ui/customize-tools',
        'toolhive/guides-ui/groups',
        'toolhive/guides-ui/client-configuration',
        'toolhive/guides-ui/secrets-management',
        'toolhive/guides-ui/network-isolation',
        'toolhive/guides-ui/playground',
        'toolhive/guides-ui/skills',
        'toolhive/guides-ui/cli-access',
        'toolhive/guides-ui/settings',
      ],
    },
    {
      type: 'category',
      label: 'ToolHive CLI',
      link: {type: 'doc', id: 'toolhive/guides-cli/index'},
      items: [
        'toolhive/guides-cli/install',
        'toolhive/guides-cli/registry',
        'toolhive/guides-cli/run-mcp-servers',
        'toolhive/guides-cli/manage-mcp-servers',
        'toolhive/guides-cli/groups',
        'toolhive/guides-cli/terminal-ui',
        'toolhive/guides-cli/secrets-management',
        'toolhive/guides-cli/network-isolation',
        'toolhive/guides-cli/custom-permissions',
        'toolhive/guides-cli/authentication',
        'toolhive/guides-cli/backend-authentication',
        'toolhive/guides-cli/authorization',
        'toolhive/guides-cli/webhooks',
        'toolhive/guides-cli/audit-logging',
        'toolhive/guides-cli/filesystem-access',
        'toolhive/guides-cli/build-containers',
        'toolhive/guides-cli/client-configuration',
        'toolhive/guides-cli/remote-mcp-servers',
        'toolhive/guides-cli/test-mcp-servers',
        'toolhive/guides-cli/virtual-mcp-server',
        'toolhive/guides-cli/skills-and-plugins',
        'toolhive/guides-cli/llm-gateway',
        'toolhive/guides-cli/api-server',
        'toolhive/guides-cli/advanced-cicd',
        'toolhive/guides-cli/telemetry-and-metrics',
        'toolhive/guides-cli/usage-metrics',
      ],
    },
    {
      type: 'category',
      label: 'Kubernetes Operator',
      link: {type: 'doc', id: 'toolhive/guides-k8s/index'},
      items: [
        'toolhive/guides-k8s/intro',
        'toolhive/guides-k8s/deploy-operator-helm',
        'toolhive/guides-k8s/migrate-to-v1beta1',
        'toolhive/guides-k8s/run-mcp-k8s',
        'toolhive/guides-k8s/remote-mcp-proxy',
        'toolhive/guides-k8s/authentication',
        'toolhive/guides-k8s/authorization',
        'toolhive/guides-k8s/tool-config',
        'toolhive/guides-k8s/telemetry-and-logging',
        'toolhive/guides-k8s/webhooks',
        'toolhive/guides-k8s/sessions-and-rate-limits',
        'toolhive/guides-k8s/mcp-groups',
      ],
    },
    {
      type: 'category',
      label: 'Concepts',
      link: {type: 'doc', id: 'toolhive/concepts/index'},
      items: [
        'toolhive/concepts/mcp-primer',
        'toolhive/concepts/groups',
        'toolhive/concepts/vmcp',
        'toolhive/concepts/auth-framework',
        'toolhive/concepts/skills',
        'toolhive/concepts/observability',
        'toolhive/concepts/registry-criteria',
      ],
    },
    {
      type: 'category',
      label: 'Reference',
      link: {type: 'doc', id: 'toolhive/reference/index'},
      items: [
        'toolhive/reference/changes/v0.2.8-to-v0.44.0',
        cliSidebar(loadCliData(releaseDataFile(current.release))),
        apiSidebar(),
        crdSidebar(current),
        'toolhive/reference/helm-chart-values',
        'toolhive/reference/client-compatibility',
        'toolhive/reference/known-issues',
      ],
    },
    'toolhive/faq',
    'toolhive/docs-for-ai-clients',
  ],
};

export default sidebars;

/**
 * Runs every docs example check once per documented release, on the pages
 * that describe it, against that release's data (data/releases/<release>/):
 * `thv` command lines, Kubernetes manifests, Cedar policies, Helm commands
 * and values, UI labels, the configuration files of `thv vmcp` (where
 * the release has the VirtualMCPServer CRD), and the webhook configuration
 * files of `thv run --webhook-config` (where the release has
 * webhooks/config.schema.json). A page describes its docs version's release
 * unless its front matter names another (plugins/versions/page-release.ts),
 * so a page of the current version that still describes v0.2.8 is checked
 * against v0.2.8's data until it is rewritten.
 *
 * Usage: tsx scripts/checks/examples.ts   (npm run check:examples)
 */
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import {DOCS_VERSIONS, releaseDataDir} from '../../docs-versions';
import {pageRelease} from '../../plugins/versions/page-release';
import {listFiles} from './lib/code-blocks';
import {checkThvExamples, formatReport as formatThv} from './thv-examples';
import {REFERENCE_INPUTS, checkCrdExamples, formatReport as formatCrd} from './crd-examples';
import {checkCedarPolicies, formatReport as formatCedar} from './cedar-policies';
import {scanFile as scanCedar} from './cedar-policies';
import {checkHelmValues, formatReport as formatHelm} from './helm-values';
import {checkUiLabels, formatReport as formatUi} from './ui-labels';
import {checkVmcpConfigs, formatReport as formatVmcp} from './vmcp-config';
import {checkWebhookConfigs, formatReport as formatWebhook} from './webhook-config';

const root = path.resolve(__dirname, '..', '..');

/** Pages of a docs folder that are about the UI: the ones the label check reads. */
const UI_PAGES = /^toolhive\/(guides-ui\/|tutorials\/quickstart-ui\.mdx?$)/;

/** Every docs page of every version, by the release it describes. */
export function pagesByRelease(): Map<string, {file: string; inDocs: string}[]> {
  const out = new Map<string, {file: string; inDocs: string}[]>();
  for (const version of DOCS_VERSIONS) {
    const dir = path.join(root, version.docsDir);
    if (!existsSync(dir)) continue;
    for (const file of listFiles([dir], ['.md', '.mdx'])) {
      const text = readFileSync(file, 'utf8');
      const fm = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1];
      const release = pageRelease(file, fm ? ((parse(fm) ?? {}) as {release?: unknown}) : {});
      if (!release) continue;
      const list = out.get(release) ?? [];
      list.push({file, inDocs: path.relative(dir, file).split(path.sep).join('/')});
      out.set(release, list);
    }
  }
  return out;
}

function main(): number {
  let problems = 0;
  const report = (lines: string[], count: number) => {
    for (const line of lines) console.log(`  ${line}`);
    problems += count;
  };
  for (const [release, pages] of pagesByRelease()) {
    const data = path.join(root, releaseDataDir(release));
    const files = pages.map((p) => p.file);
    console.log(`${release}: ${files.length} pages`);
    const thv = checkThvExamples({
      root,
      dataFile: path.join(data, 'cli', 'thv.yaml'),
      paths: files,
    });
    report(formatThv(thv), thv.problems.length);
    const inputs = path.join(root, REFERENCE_INPUTS, release);
    const crd = checkCrdExamples({
      root,
      releaseDir: path.join(data, 'crd'),
      paths: [...files, ...(existsSync(inputs) ? [inputs] : [])],
    });
    report(formatCrd(crd), crd.problems.length);
    const cedarDir = path.join(data, 'cedar');
    if (existsSync(cedarDir)) {
      const cedar = checkCedarPolicies({
        root,
        release,
        schemaFile: path.join(cedarDir, 'toolhive.cedarschema'),
        decisionsFile: path.join(cedarDir, 'decisions.yaml'),
        paths: files,
      });
      report(formatCedar(cedar), cedar.problems.length);
    } else {
      // No Cedar schema of this release yet: a page that shows a policy can't be proven.
      const unproven = files.filter((f) => scanCedar(f).sets.length > 0);
      report(
        unproven.map(
          (f) =>
            `${path.relative(root, f)}: a Cedar policy, but ${release} has no Cedar schema in ${path.relative(root, cedarDir)}`,
        ),
        unproven.length,
      );
    }
    const helm = checkHelmValues({root, dataDir: path.join(data, 'helm'), paths: files});
    report(formatHelm(helm), helm.problems.length);
    const vmcpCrd = path.join(data, 'crd', 'virtualmcpserver.crd.json');
    if (existsSync(vmcpCrd)) {
      const vmcp = checkVmcpConfigs({root, crdFile: vmcpCrd, paths: files});
      report(formatVmcp(vmcp), vmcp.problems.length);
    }
    const webhookSchema = path.join(data, 'webhooks', 'config.schema.json');
    if (existsSync(webhookSchema)) {
      const webhooks = checkWebhookConfigs({root, schemaFile: webhookSchema, paths: files});
      report(formatWebhook(webhooks), webhooks.problems.length);
    }
    const uiPages = pages.filter((p) => UI_PAGES.test(p.inDocs)).map((p) => p.file);
    const labels = path.join(data, 'ui', 'labels.json');
    if (uiPages.length > 0) {
      const ui = checkUiLabels({root, labelsFile: labels, paths: uiPages});
      report(formatUi(ui), ui.problems.length);
    }
  }
  console.log(`examples: ${problems} problem${problems === 1 ? '' : 's'}`);
  return problems === 0 ? 0 : 1;
}

if (require.main === module) process.exitCode = main();

/**
 * Generates the changes page of each pair of adjacent docs versions: what
 * changed from the older version's ToolHive release to the newer one's, in
 * the CLI, the API server, the Kubernetes resources, the Helm charts, the
 * MCP clients and the known issues. The page goes into the newer version's
 * docs folder, at toolhive/reference/changes/<older>-to-<newer>.mdx (for
 * example docs/toolhive/reference/changes/v0.2.8-to-v0.44.0.mdx). Pages are
 * build outputs (gitignored): edit the release data, not the page.
 *
 * Inputs, per release (data/releases/<release>/ and static/api-specs/):
 * cli/thv.yaml, the OpenAPI description, crd/*.crd.json (and the newer
 * release's crd/successors.yaml, when it has one), helm/*.json,
 * clients.yaml; and data/known-issues.yaml.
 *
 * Usage: tsx scripts/release-changes/generate.ts
 * (writes the page of every pair of adjacent versions in docs-versions.ts)
 */
import fs from 'node:fs';
import path from 'node:path';
import {parse} from 'yaml';
import {DOCS_VERSIONS, releaseDataDir, type DocsVersion} from '../../docs-versions';
import {loadCliData, releaseDataFile} from '../cli-reference/data';
import {loadClientData} from '../client-reference/generate';
import {loadRelease} from '../checks/lib/crd-release';
import {chartDataDir, loadCharts} from '../checks/lib/helm';
import {fieldsFileOf} from '../crd-reference/fields';
import {loadKnownIssues, dataFile as knownIssuesFile} from '../../plugins/known-issues/data';
import {
  diffApi,
  diffCli,
  diffClients,
  diffCrds,
  diffHelm,
  fixedBetween,
  stillPresent,
  type ApiSpec,
  type ProductRange,
  type SuccessorsData,
} from './diff';
import {renderPage, type ReleaseChanges} from './render';

export const siteRoot = path.resolve(__dirname, '..', '..');

/** The chart data files of a release, in the order the page shows them. */
export const CHART_FILES = ['toolhive-operator.json', 'toolhive-operator-crds.json'];

/** The folder of the changes pages inside a docs folder. */
export const CHANGES_DIR = path.join('toolhive', 'reference', 'changes');

/** The page of a pair of versions, in the newer one's docs folder (absolute). */
export function changesFile(older: DocsVersion, newer: DocsVersion): string {
  return path.join(
    siteRoot,
    newer.docsDir,
    CHANGES_DIR,
    `${older.release}-to-${newer.release}.mdx`,
  );
}

/** Pairs of adjacent versions, older first, from the newest pair to the oldest. */
export function adjacentPairs(
  versions: readonly DocsVersion[] = DOCS_VERSIONS,
): [DocsVersion, DocsVersion][] {
  const pairs: [DocsVersion, DocsVersion][] = [];
  for (let i = 0; i + 1 < versions.length; i += 1) pairs.push([versions[i + 1], versions[i]]);
  return pairs;
}

function dataDir(release: string): string {
  return path.join(siteRoot, releaseDataDir(release));
}

export function apiSpecFile(release: string): string {
  return path.join(siteRoot, 'static', 'api-specs', release, 'openapi.yaml');
}

export function loadApiSpec(release: string): ApiSpec {
  return parse(fs.readFileSync(apiSpecFile(release), 'utf8')) as ApiSpec;
}

/** successors.yaml of a release's CRD folder, or undefined when it has none. */
export function loadSuccessors(release: string): SuccessorsData | undefined {
  const file = path.join(dataDir(release), 'crd', 'successors.yaml');
  if (!fs.existsSync(file)) return undefined;
  const data = parse(fs.readFileSync(file, 'utf8')) as SuccessorsData;
  if (data.release !== release)
    throw new Error(
      `${path.relative(siteRoot, file)}: release ${data.release}, expected ${release}`,
    );
  return data;
}

/** The release of each product that each version documents. */
export function productRange(older: DocsVersion, newer: DocsVersion): ProductRange {
  return {
    ToolHive: {older: older.release, newer: newer.release},
    'ToolHive UI': {older: older.uiRelease, newer: newer.uiRelease},
    'toolhive-operator chart': {older: older.charts.operator, newer: newer.charts.operator},
    'toolhive-operator-crds chart': {older: older.charts.crds, newer: newer.charts.crds},
  };
}

/** Everything the page lists, from the two versions' release data. */
export function computeChanges(
  older: DocsVersion,
  newer: DocsVersion,
  issuesFile = knownIssuesFile,
): ReleaseChanges {
  const a = older.release;
  const b = newer.release;
  const charts = (release: string) => {
    const dir = chartDataDir(dataDir(release), CHART_FILES);
    return loadCharts(dir, CHART_FILES);
  };
  const oldCharts = charts(a);
  const newCharts = charts(b);
  const issues = loadKnownIssues(issuesFile).values();
  const range = productRange(older, newer);
  return {
    cli: diffCli(loadCliData(releaseDataFile(a)), loadCliData(releaseDataFile(b))),
    api: diffApi(loadApiSpec(a), loadApiSpec(b)),
    crds: diffCrds(
      loadRelease(path.join(dataDir(a), 'crd')).kinds,
      loadRelease(path.join(dataDir(b), 'crd')).kinds,
      loadSuccessors(b),
    ),
    helm: newCharts.map((n) => {
      const o = oldCharts.find((c) => c.chart.name === n.chart.name);
      if (!o) throw new Error(`${a} has no chart data for ${n.chart.name}`);
      return diffHelm(o, n);
    }),
    clients: diffClients(
      loadClientData(path.join(dataDir(a), 'clients.yaml')),
      loadClientData(path.join(dataDir(b), 'clients.yaml')),
    ),
    fixed: fixedBetween(issues, range),
    stillPresent: stillPresent(loadKnownIssues(issuesFile).values(), range),
  };
}

/** Writes the changes page of two versions to `outFile` and returns its text. */
export function generateChanges(
  older: DocsVersion,
  newer: DocsVersion,
  outFile: string = changesFile(older, newer),
): string {
  const text = renderPage(computeChanges(older, newer), {
    older,
    newer,
    kindPages: fieldsFileOf(path.join(dataDir(newer.release), 'crd')) !== undefined,
  });
  fs.mkdirSync(path.dirname(outFile), {recursive: true});
  fs.writeFileSync(outFile, text);
  return text;
}

function main(argv: string[]): number {
  if (argv.length > 0) {
    console.error('usage: tsx scripts/release-changes/generate.ts');
    return 2;
  }
  for (const [older, newer] of adjacentPairs()) {
    const file = changesFile(older, newer);
    generateChanges(older, newer, file);
    console.log(`release-changes: wrote ${path.relative(siteRoot, file)}`);
  }
  return 0;
}

if (require.main === module) {
  try {
    process.exitCode = main(process.argv.slice(2));
  } catch (err) {
    console.error(`release-changes: ${(err as Error).message}`);
    process.exitCode = 1;
  }
}

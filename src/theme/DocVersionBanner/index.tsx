/**
 * Replaces @theme-original/DocVersionBanner (@docusaurus/theme-classic).
 * Reason for replacing: the original's two sentences name a version by its
 * label and call the root version the "latest", which is wrong while the
 * current release's docs are written under /next/ and the root still shows
 * v0.2.8. This banner names the ToolHive release a version describes
 * (docs-versions.ts) and what the reader finds in the other one, with the
 * same hooks and the same link behaviour: the link goes to the same page in
 * the root version when it exists, else to that version's home, and choosing
 * it saves the reader's preferred version, as the original does.
 */
import type {ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import {ThemeClassNames} from '@docusaurus/theme-common';
import {
  useActivePlugin,
  useDocVersionSuggestions,
  useDocsPreferredVersion,
  useDocsVersion,
} from '@docusaurus/plugin-content-docs/client';
import type {Props} from '@theme/DocVersionBanner';
import {DOCS_VERSIONS} from '@site/docs-versions';

function releaseOf(name: string) {
  return DOCS_VERSIONS.find((v) => v.name === name);
}

function Banner({className}: Props): ReactNode {
  const version = useDocsVersion();
  const {pluginId} = useActivePlugin({failfast: true})!;
  const {savePreferredVersionName} = useDocsPreferredVersion(pluginId);
  const {latestDocSuggestion, latestVersionSuggestion} = useDocVersionSuggestions(pluginId);
  const rootDoc =
    latestDocSuggestion ??
    latestVersionSuggestion.docs.find((doc) => doc.id === latestVersionSuggestion.mainDocId);
  const own = releaseOf(version.version);
  const root = releaseOf(latestVersionSuggestion.name);
  const link = (
    <Link
      to={rootDoc?.path ?? latestVersionSuggestion.path}
      onClick={() => savePreferredVersionName(latestVersionSuggestion.name)}
    >
      {latestDocSuggestion ? 'this page' : 'the documentation'} for ToolHive{' '}
      {root?.release ?? latestVersionSuggestion.label}
    </Link>
  );
  return (
    <div
      className={clsx(
        className,
        ThemeClassNames.docs.docVersionBanner,
        'alert alert--warning margin-bottom--md',
      )}
      role="alert"
    >
      {version.banner === 'unreleased' ? (
        <p className="margin-bottom--none">
          These pages describe <b>ToolHive {own?.release ?? version.label}</b>, released {own?.date}
          : the release you get when you install ToolHive today. They are being written, and a page
          that still describes an earlier release says so at its top. For finished documentation,
          see {link}.
        </p>
      ) : (
        <p className="margin-bottom--none">
          These pages describe <b>ToolHive {own?.release ?? version.label}</b>, released {own?.date}
          , an earlier release. For the current release, see {link}.
        </p>
      )}
    </div>
  );
}

export default function DocVersionBanner(props: Props): ReactNode {
  const version = useDocsVersion();
  return version.banner ? <Banner {...props} /> : null;
}

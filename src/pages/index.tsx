import type {ReactNode} from 'react';
import Head from '@docusaurus/Head';
import Link from '@docusaurus/Link';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import styles from './index.module.css';
import {home} from './_home';
import {twinPath} from '@site/plugins/markdown-twins/twin-path';

export default function Home(): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  return (
    <Layout title={home.title} description={home.description}>
      <Head>
        <link
          rel="alternate"
          type="text/markdown"
          href={`${siteConfig.baseUrl.replace(/\/$/, '')}${twinPath('/')}`}
        />
      </Head>
      <header className={styles.hero}>
        <div className="container">
          <Heading as="h1" className={styles.title}>
            {home.title}
          </Heading>
          <p className={styles.pitch}>{home.pitch}</p>
          <div className={styles.actions}>
            <Link className="button button--primary button--lg" to={home.actions[0].to}>
              {home.actions[0].label}
            </Link>
            <Link className="button button--secondary button--lg" to={home.actions[1].to}>
              {home.actions[1].label}
            </Link>
          </div>
        </div>
      </header>
      <main className="container margin-vert--xl">
        <Heading as="h2" className="text--center">
          {home.entriesHeading}
        </Heading>
        <div className={styles.entries}>
          {home.entries.map((entry) => (
            <section key={entry.title} className={styles.entry}>
              <Heading as="h3">{entry.title}</Heading>
              <p>{entry.body}</p>
              <p className={styles.entryLinks}>
                <Link to={entry.guide}>{entry.title} guides</Link>
                <Link to={entry.quickstart}>{entry.title} quickstart</Link>
              </p>
            </section>
          ))}
        </div>
      </main>
    </Layout>
  );
}

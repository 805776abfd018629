import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import styles from './index.module.css';

const entries = [
  {
    title: 'ToolHive UI',
    body: 'A desktop app for Windows, macOS and Linux. Browse the registry, run servers with a few clicks and connect your AI clients.',
    guide: '/toolhive/guides-ui',
    quickstart: '/toolhive/tutorials/quickstart-ui',
  },
  {
    title: 'ToolHive CLI',
    body: 'The thv command line. Run, inspect and automate MCP servers from your terminal, scripts and CI pipelines.',
    guide: '/toolhive/guides-cli',
    quickstart: '/toolhive/tutorials/quickstart-cli',
  },
  {
    title: 'Kubernetes Operator',
    body: 'Declare MCP servers as Kubernetes resources and let the operator run them for your whole team.',
    guide: '/toolhive/guides-k8s',
    quickstart: '/toolhive/tutorials/quickstart-k8s',
  },
] as const;

export default function Home(): ReactNode {
  return (
    <Layout
      title="Simple and secure AI tools"
      description="ToolHive runs Model Context Protocol (MCP) servers in isolated containers, with a desktop app, a CLI and a Kubernetes operator."
    >
      <header className={styles.hero}>
        <div className="container">
          <Heading as="h1" className={styles.title}>
            Simple and secure AI tools
          </Heading>
          <p className={styles.pitch}>
            ToolHive runs Model Context Protocol (MCP) servers in isolated containers with
            least-privilege permissions, keeps their secrets out of plain-text files, and connects
            them to your AI clients in one step.
          </p>
          <div className={styles.actions}>
            <Link className="button button--primary button--lg" to="/toolhive">
              Read the docs
            </Link>
            <Link className="button button--secondary button--lg" to="/toolhive/tutorials">
              Start a quickstart
            </Link>
          </div>
        </div>
      </header>
      <main className="container margin-vert--xl">
        <Heading as="h2" className="text--center">
          Choose how you run ToolHive
        </Heading>
        <div className={styles.entries}>
          {entries.map((entry) => (
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

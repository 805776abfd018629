import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import SocialIcon, {type SocialIconName} from '@site/src/components/SocialIcon';
import styles from './styles.module.css';

const links: readonly {icon: SocialIconName; label: string; href: string}[] = [
  {icon: 'github', label: 'Stacklok on GitHub', href: 'https://github.com/stacklok'},
  {icon: 'discord', label: 'Stacklok on Discord', href: 'https://discord.gg/stacklok'},
  {icon: 'youtube', label: 'Stacklok on YouTube', href: 'https://youtube.com/@stacklok'},
  {
    icon: 'linkedin',
    label: 'Stacklok on LinkedIn',
    href: 'https://www.linkedin.com/company/stacklok',
  },
  {icon: 'x', label: 'Stacklok on X', href: 'https://x.com/stacklokHQ'},
];

/** The row of community links shown in the footer. */
export default function SocialLinks(): ReactNode {
  return (
    <ul className={styles.list} aria-label="Stacklok community">
      {links.map(({icon, label, href}) => (
        <li key={icon}>
          <Link className={styles.link} href={href} aria-label={label} title={label}>
            <SocialIcon name={icon} size={24} />
          </Link>
        </li>
      ))}
    </ul>
  );
}

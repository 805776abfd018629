import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import clsx from 'clsx';
import SocialIcon, {type SocialIconName} from '@site/src/components/SocialIcon';
import styles from './styles.module.css';

export interface Props {
  readonly icon: SocialIconName;
  readonly label: string;
  readonly href: string;
  readonly mobile?: boolean;
  readonly className?: string;
}

/**
 * A navbar item that shows only an icon on desktop, with the label as its
 * accessible name, and the label as text in the mobile sidebar menu.
 */
export default function IconLinkNavbarItem({
  icon,
  label,
  href,
  mobile = false,
  className,
}: Props): ReactNode {
  if (mobile) {
    return (
      <li className="menu__list-item">
        <Link className={clsx('menu__link', styles.mobileLink)} href={href}>
          <SocialIcon name={icon} size={20} />
          <span>{label}</span>
        </Link>
      </li>
    );
  }
  return (
    <Link
      className={clsx('navbar__item', styles.iconLink, className)}
      href={href}
      aria-label={label}
      title={label}
    >
      <SocialIcon name={icon} />
    </Link>
  );
}

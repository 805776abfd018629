/**
 * Replaces @theme/NotFound/Content (the body of the framework's 404 page; the
 * page layout, title and status stay upstream).
 * Reason for overriding: the default text tells readers to contact the site
 * owner; ours points them to the documentation instead.
 */
import type {ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import type {Props} from '@theme/NotFound/Content';

const destinations = [
  {to: '/toolhive', label: 'ToolHive documentation home'},
  {to: '/toolhive/tutorials', label: 'Quickstart tutorials'},
  {to: '/toolhive/guides-cli', label: 'ToolHive CLI guides'},
  {to: '/toolhive/faq', label: 'Frequently asked questions'},
];

export default function NotFoundContent({className}: Props): ReactNode {
  return (
    <main className={clsx('container margin-vert--xl', className)}>
      <div className="row">
        <div className="col col--6 col--offset-3">
          <Heading as="h1" className="hero__title">
            Page not found
          </Heading>
          <p>
            We could not find a page at this address. It may have moved when the documentation was
            reorganised, or the link may contain a typo.
          </p>
          <p>Try one of these pages instead:</p>
          <ul>
            {destinations.map(({to, label}) => (
              <li key={to}>
                <Link to={to}>{label}</Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </main>
  );
}

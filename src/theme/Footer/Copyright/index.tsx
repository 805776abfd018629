/**
 * Wraps @theme-original/Footer/Copyright.
 * Reason for overriding: the footer config has no place for icon links, so the
 * community links (GitHub, Discord, YouTube, LinkedIn, X) are rendered just
 * above the framework's copyright line.
 */
import type {ReactNode} from 'react';
import Copyright from '@theme-original/Footer/Copyright';
import type CopyrightType from '@theme/Footer/Copyright';
import type {WrapperProps} from '@docusaurus/types';
import SocialLinks from '@site/src/components/SocialLinks';

type Props = WrapperProps<typeof CopyrightType>;

export default function CopyrightWrapper(props: Props): ReactNode {
  return (
    <>
      <SocialLinks />
      <Copyright {...props} />
    </>
  );
}

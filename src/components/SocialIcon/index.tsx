import type {ReactNode} from 'react';
import {
  IconBrandDiscord,
  IconBrandGithub,
  IconBrandLinkedin,
  IconBrandX,
  IconBrandYoutube,
} from '@tabler/icons-react';

/** Brand icons used by the navbar and the footer, as inline SVG. */
const icons = {
  github: IconBrandGithub,
  discord: IconBrandDiscord,
  youtube: IconBrandYoutube,
  linkedin: IconBrandLinkedin,
  x: IconBrandX,
} as const;

export type SocialIconName = keyof typeof icons;

export function isSocialIconName(name: string): name is SocialIconName {
  return name in icons;
}

export default function SocialIcon({
  name,
  size = 22,
}: {
  name: SocialIconName;
  size?: number;
}): ReactNode {
  const Icon = icons[name];
  return <Icon size={size} stroke={1.75} aria-hidden="true" focusable="false" />;
}

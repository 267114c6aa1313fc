import { HOME_PATH } from '@answer/contract';
import { Link } from 'react-router';
import { PRODUCT_TITLE } from './product';

/** The product mark: an answer sheet with a tick. */
export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden focusable="false">
      <rect x="4" y="2" width="24" height="28" rx="4" fill="var(--answer-primary, #1890FF)" />
      <rect x="9" y="8" width="14" height="2.5" rx="1.25" fill="#fff" opacity="0.85" />
      <rect x="9" y="13.5" width="9" height="2.5" rx="1.25" fill="#fff" opacity="0.85" />
      <path
        d="M10 21.5l3.2 3.2 7-7"
        fill="none"
        stroke="#fff"
        strokeWidth="2.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Logo + title linking to the home route (spec §2.5: the logo links to the dashboard). */
export function Logo({ collapsed = false, theme = 'light' }: { collapsed?: boolean; theme?: 'light' | 'dark' }) {
  return (
    <Link to={HOME_PATH} className={`answer-logo answer-logo-${theme}`} aria-label={PRODUCT_TITLE}>
      <LogoMark />
      {collapsed ? null : <span className="answer-logo-title">{PRODUCT_TITLE}</span>}
    </Link>
  );
}

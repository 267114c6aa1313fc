import { MOBILE_MAX_WIDTH, SMALL_MAX_WIDTH } from '@answer/contract';
import { useSyncExternalStore } from 'react';

/**
 * Device class from the spec's breakpoints (§2.5, §9): below 1088 px the layout is mobile (drawer menu, title-only
 * header, search in a modal); below 768 px it is also "small" (tighter spacing).
 */
export type Device = 'desktop' | 'mobile';

const MOBILE_QUERY = `(max-width: ${MOBILE_MAX_WIDTH}px)`;
const SMALL_QUERY = `(max-width: ${SMALL_MAX_WIDTH}px)`;

function subscribe(query: string) {
  return (cb: () => void) => {
    if (typeof window === 'undefined' || !window.matchMedia) return () => {};
    const mq = window.matchMedia(query);
    mq.addEventListener('change', cb);
    return () => mq.removeEventListener('change', cb);
  };
}

function snapshot(query: string) {
  return () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(query).matches : false);
}

const subMobile = subscribe(MOBILE_QUERY);
const snapMobile = snapshot(MOBILE_QUERY);
const subSmall = subscribe(SMALL_QUERY);
const snapSmall = snapshot(SMALL_QUERY);

export function useDevice(): { device: Device; isMobile: boolean; isSmall: boolean } {
  const isMobile = useSyncExternalStore(subMobile, snapMobile, () => false);
  const isSmall = useSyncExternalStore(subSmall, snapSmall, () => false);
  return { device: isMobile ? 'mobile' : 'desktop', isMobile, isSmall };
}

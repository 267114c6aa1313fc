import { type CSSProperties, useEffect, useState } from 'react';

/** the style of an editor box filling the window */
export const FULL_SCREEN_STYLE: CSSProperties = {
  position: 'fixed',
  inset: 0,
  zIndex: 1000,
  height: '100vh',
  width: '100vw',
  borderRadius: 0,
  background: '#fff',
};

/** a full-screen toggle for an editor box; Escape leaves it */
export function useFullScreen(): [boolean, (full: boolean) => void] {
  const [full, setFull] = useState(false);
  useEffect(() => {
    if (!full) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setFull(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [full]);
  return [full, setFull];
}

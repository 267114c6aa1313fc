import { Link, Outlet, useLocation } from 'react-router';
import { PRODUCT_DESCRIPTION, PRODUCT_NAME } from '../app/config';
import '../views/user/user-pages.css';

/** Answer-sheet mark: a sheet with filled answer bubbles. */
export function AnswerLogo({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 48 48" role="img" aria-label="答题系统标志">
      <rect x="2" y="2" width="44" height="44" rx="10" fill="#1890ff" />
      <rect x="11" y="9" width="26" height="30" rx="3" fill="#fff" />
      <circle cx="17" cy="17" r="2.6" fill="#1890ff" />
      <rect x="22" y="15.6" width="10" height="2.8" rx="1.4" fill="#bae0ff" />
      <circle cx="17" cy="24" r="2.6" fill="#52c41a" />
      <rect x="22" y="22.6" width="10" height="2.8" rx="1.4" fill="#bae0ff" />
      <circle cx="17" cy="31" r="2.6" fill="#1890ff" />
      <rect x="22" y="29.6" width="7" height="2.8" rx="1.4" fill="#bae0ff" />
    </svg>
  );
}

/** Login layout (spec 01 §2.5): logo and product title linking to the site root, the page, a footer. */
export default function UserLayout() {
  const { pathname } = useLocation();
  const wide = pathname.startsWith('/user/alteration');
  return (
    <div className="user-layout">
      <div className="user-layout-top">
        <Link to="/" className="user-layout-header">
          <AnswerLogo className="user-layout-logo" />
          <span className="user-layout-title">{PRODUCT_NAME}</span>
        </Link>
        <div className="user-layout-desc">{PRODUCT_DESCRIPTION}</div>
      </div>
      <main className={wide ? 'user-layout-main is-wide' : 'user-layout-main'}>
        <Outlet />
      </main>
      <footer className="user-layout-footer">
        <div>
          Copyright © {new Date().getFullYear()} {PRODUCT_NAME}
        </div>
      </footer>
    </div>
  );
}

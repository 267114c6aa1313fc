/** One menu item of getUserPermissionByToken (contract §3.1). Optional keys are absent, not null, when unset. */
export interface MenuItem {
  id: string;
  /** "1" routable, "0" left out of the router */
  route: '0' | '1';
  path: string;
  name: string;
  component?: string | null;
  redirect?: string | null;
  hidden?: true;
  alwaysShow?: true;
  meta: MenuMeta;
  children?: MenuItem[];
}

export interface MenuMeta {
  title?: string;
  icon?: string;
  keepAlive?: boolean;
  internalOrExternal?: boolean;
  componentName?: string;
  /** raw url for external / {{ }} urls */
  url?: string;
  hideTab?: true;
  /** (3.x) set instead of the normal meta when every child of a top item is hidden */
  hideMenu?: true;
}

/** `auth` entry: a button permission granted to the user. */
export interface AuthEntry {
  action: string;
  /** "1" show/hide strategy, "2" disable strategy */
  type: string;
  describe: string;
}

/** `allAuth` entry: every button permission that exists, with its status. */
export interface AllAuthEntry extends AuthEntry {
  /** "1" active, "0" inactive */
  status: string;
}

export interface PermissionResult {
  menu: MenuItem[];
  auth: AuthEntry[];
  allAuth: AllAuthEntry[];
  sysSafeMode: boolean;
}
